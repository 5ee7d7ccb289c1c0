"""The practice game: a pygame stand-in for Puzlogic. (Issue 3.)"""
