"""armada-vision: a camera assistant for Star Wars: Armada.

Sub-packages by stage (see ../shared/DESIGN.md): ``catalog`` (piece data from ``models/``),
``scene`` (the Scene contract), ``geometry`` and ``rules`` (pure, no Qt or OpenCV),
``vision`` (calibration, detection, tracking, synthetic renderer), ``gamelog`` (SQLite),
``ui`` (the PyQt6 window) and ``cli``.
"""

__version__ = "0.1.0"
