"""Vision: calibration, detection, tracking and the synthetic table renderer.

Knows nothing of the rules: it turns frames into a Scene plus per-piece confidence.
"""
