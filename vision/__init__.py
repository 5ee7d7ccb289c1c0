"""The eyes: capture, locate the game, read cells, pieces and sums. (Issue 4.)"""
