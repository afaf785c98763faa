"""Detection: from a calibrated frame to pieces in table mm (ship bases, squadron discs,
obstacles, hands). Vision imports no rules; each piece is measured on its own height plane
(cv-notes 3.4) by transforming points, never by warping whole frames (cv-notes 3.6).
"""

from ._background import BackgroundModel, estimate_noise
from ._blobs import Blob, clean_mask, find_blobs

__all__ = ["BackgroundModel", "Blob", "clean_mask", "estimate_noise", "find_blobs"]
