"""The rules core: attack checks, rulesets, maneuvers and overlap (RRG v1.6 by default).

Pure: takes a Scene (table mm) and a Ruleset, returns plain results. Never imports Qt or OpenCV.
"""
