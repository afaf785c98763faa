"""A calibrated camera over the table: intrinsics plus the table's pose, and the mapping between
image pixels and table millimetres on any plane parallel to the mat.

Table frame (../shared/DESIGN.md): origin at the play area's corner on player 1's left, +x along
player 1's edge, +y towards player 2, +z up from the mat (towards the camera), all in mm.
``rvec``/``tvec`` take table points into the camera frame (OpenCV convention, as from solvePnP).

This is the contract between calibration (which fits it), the synthetic renderer (which renders
through it) and detection (which measures each piece on its own height plane).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

# OpenCV's default undistortPoints stops after 5 fixed-point iterations: exact to ~0.001 px in
# the middle of a webcam's picture, but through a lens with a strong k3 (the real ChArUco
# photos' fit: k3 = 3.1) 5-400 px off towards the picture's corners, where the table markers
# are (14-16 mm on the table). Points whose reprojection misses by more than UNDISTORT_TOL_PX
# are solved again to convergence (OpenCV's criteria form, cv-notes: undistortPoints).
UNDISTORT_TOL_PX = 0.01
_UNDISTORT_EXACT = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 100, 1e-12)


def _default_exact_within(k: np.ndarray, d: np.ndarray) -> float:
    """The radius (distorted normalised image coordinates) within which the default
    undistortion reprojects to within UNDISTORT_TOL_PX, probed on 16 rays out to 2.0
    (``inf`` without distortion)."""
    if not np.any(d):
        return float("inf")
    radii = np.linspace(0.02, 2.0, 100)
    ang = np.linspace(0.0, 2.0 * np.pi, 16, endpoint=False)
    rr, aa = np.meshgrid(radii, ang)
    px = np.column_stack([k[0, 0] * rr.ravel() * np.cos(aa.ravel()) + k[0, 2],
                          k[1, 1] * rr.ravel() * np.sin(aa.ravel()) + k[1, 2]]).reshape(-1, 1, 2)
    miss = _reprojection_miss(px, cv2.undistortPoints(px, k, d).reshape(-1, 2), k, d).reshape(rr.shape)
    bad = ~(miss <= UNDISTORT_TOL_PX / 2.0)
    first_bad = np.where(bad.any(axis=0))[0]
    return float(radii[first_bad[0] - 1]) if len(first_bad) and first_bad[0] > 0 else (
        0.0 if len(first_bad) else float("inf"))


def _reprojection_miss(px: np.ndarray, norm: np.ndarray, k: np.ndarray, d: np.ndarray) -> np.ndarray:
    back, _ = cv2.projectPoints(np.column_stack([norm, np.ones(len(norm))]), np.zeros(3), np.zeros(3), k, d)
    return np.linalg.norm(back.reshape(-1, 2) - px.reshape(-1, 2), axis=1)


def _undistort(px: np.ndarray, camera_matrix: np.ndarray, dist_coeffs: np.ndarray,
               safe: float) -> np.ndarray:
    """Normalised image coordinates (N, 2) of pixels ``px`` (N, 1, 2): the fast default first;
    points beyond the radius where it is exact for this lens are checked by reprojection and
    solved again to convergence where it left them more than ``UNDISTORT_TOL_PX`` off."""
    norm = cv2.undistortPoints(px, camera_matrix, dist_coeffs).reshape(-1, 2)
    if safe == float("inf"):
        return norm
    flat = px.reshape(-1, 2)
    r = np.hypot((flat[:, 0] - camera_matrix[0, 2]) / camera_matrix[0, 0],
                 (flat[:, 1] - camera_matrix[1, 2]) / camera_matrix[1, 1])
    far = np.flatnonzero(~(r <= safe))
    if len(far):
        miss = _reprojection_miss(px[far], norm[far], camera_matrix, dist_coeffs)
        redo = far[~(miss <= UNDISTORT_TOL_PX)]
        if len(redo):
            norm[redo] = cv2.undistortPoints(np.ascontiguousarray(px[redo]), camera_matrix, dist_coeffs,
                                             criteria=_UNDISTORT_EXACT).reshape(-1, 2)
    return norm


@dataclass
class TableCamera:
    """Pinhole camera with lens distortion, posed over the table.

    ``camera_matrix`` is 3x3, ``dist_coeffs`` in OpenCV order (k1, k2, p1, p2, k3, ...),
    ``rvec``/``tvec`` shape (3,), ``image_size`` (width, height) in px.
    """

    camera_matrix: np.ndarray
    dist_coeffs: np.ndarray
    rvec: np.ndarray
    tvec: np.ndarray
    image_size: tuple[int, int]
    _R: np.ndarray = field(init=False, repr=False)
    _exact_within: float | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        self.camera_matrix = np.asarray(self.camera_matrix, dtype=np.float64).reshape(3, 3)
        self.dist_coeffs = np.asarray(self.dist_coeffs, dtype=np.float64).ravel()
        self.rvec = np.asarray(self.rvec, dtype=np.float64).reshape(3)
        self.tvec = np.asarray(self.tvec, dtype=np.float64).reshape(3)
        self._R = cv2.Rodrigues(self.rvec)[0]

    @property
    def centre_mm(self) -> np.ndarray:
        """The camera's optical centre in table mm, shape (3,)."""
        return -self._R.T @ self.tvec

    def table_to_image(self, points_mm: np.ndarray, height_mm: float | np.ndarray = 0.0) -> np.ndarray:
        """Project table points (N, 2) at ``height_mm`` above the mat (scalar or (N,)) to pixels (N, 2)."""
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2)
        z = np.broadcast_to(np.asarray(height_mm, dtype=np.float64), (len(pts),))
        obj = np.column_stack([pts, z])
        img, _ = cv2.projectPoints(obj, self.rvec, self.tvec, self.camera_matrix, self.dist_coeffs)
        return img.reshape(-1, 2)

    def image_to_table(self, points_px: np.ndarray, height_mm: float | np.ndarray = 0.0) -> np.ndarray:
        """Back-project pixels (N, 2) onto the plane ``height_mm`` above the mat; returns (N, 2) mm.

        Undistorts with the intrinsics (to within 0.01 px reprojected, also towards the picture's
        corners through a strong lens), then intersects each viewing ray with the plane
        z = ``height_mm``. Points whose ray is parallel to the plane come back as NaN.
        """
        px = np.asarray(points_px, dtype=np.float64).reshape(-1, 1, 2)
        if len(px) == 0:
            return np.zeros((0, 2))
        if self._exact_within is None:
            self._exact_within = _default_exact_within(self.camera_matrix, self.dist_coeffs)
        norm = _undistort(px, self.camera_matrix, self.dist_coeffs, self._exact_within)
        rays_cam = np.column_stack([norm, np.ones(len(norm))])
        rays = rays_cam @ self._R  # R.T @ ray for each row: directions in the table frame
        c = self.centre_mm
        z = np.broadcast_to(np.asarray(height_mm, dtype=np.float64), (len(rays),))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (z - c[2]) / rays[:, 2]
        out = c[:2] + rays[:, :2] * t[:, None]
        out[~np.isfinite(t)] = np.nan
        return out

    @staticmethod
    def looking_down(
        image_size: tuple[int, int] = (1920, 1080),
        play_area_mm: tuple[float, float] = (1828.8, 914.4),
        hfov_deg: float = 67.3,
        margin_mm: float = 120.0,
        tilt_deg: float = 0.0,
        yaw_deg: float = 0.0,
        dist_coeffs: np.ndarray | None = None,
    ) -> TableCamera:
        """A camera centred over the play area, high enough to see it plus ``margin_mm`` a side.

        Default lens: a C920-class webcam, 67.3 deg horizontal field of view (cv-notes 2.3).
        The image's +x runs along the table's +x and the image's rows run towards -y (player 2
        at the top of the picture). ``tilt_deg`` leans the camera towards player 1.
        """
        w, h = image_size
        f = (w / 2.0) / np.tan(np.radians(hfov_deg) / 2.0)
        K = np.array([[f, 0, w / 2.0], [0, f, h / 2.0], [0, 0, 1.0]])
        span_x = play_area_mm[0] + 2 * margin_mm
        span_y = play_area_mm[1] + 2 * margin_mm
        height = max(span_x / w, span_y / h) * f
        # Look at the play area's centre from a point leaned ``tilt_deg`` towards player 1
        # (-y); the image's x axis follows the table's +x turned by ``yaw_deg``.
        target = np.array([play_area_mm[0] / 2.0, play_area_mm[1] / 2.0, 0.0])
        t = np.radians(tilt_deg)
        centre = target + height * np.array([0.0, -np.sin(t), np.cos(t)])
        z_cam = (target - centre) / np.linalg.norm(target - centre)
        a = np.radians(yaw_deg)
        x_hint = np.array([np.cos(a), np.sin(a), 0.0])
        x_cam = x_hint - z_cam * (x_hint @ z_cam)
        x_cam /= np.linalg.norm(x_cam)
        y_cam = np.cross(z_cam, x_cam)
        R = np.vstack([x_cam, y_cam, z_cam])  # rows: camera axes in table coordinates
        tvec = -R @ centre
        rvec = cv2.Rodrigues(R)[0].ravel()
        dist = np.zeros(5) if dist_coeffs is None else np.asarray(dist_coeffs, dtype=np.float64)
        return TableCamera(K, dist, rvec, tvec, (w, h))
