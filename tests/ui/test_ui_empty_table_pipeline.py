"""The window hands a newly learned empty table to the processing pipeline without stopping
it: the model is taken before the next frame, and that frame is detected against it."""

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui.capture import Frame
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel

CAMERA = TableCamera.looking_down((960, 540))


def test_a_new_background_is_used_from_the_next_frame_on(catalog):
    opt = synth.RenderOptions(mat="cloth")
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=4, noise_seed=9).image
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    img = synth.render(scene, CAMERA, catalog, opt, seed=4, noise_seed=1).image
    pipe = Pipeline.with_available_detector(catalog, Calibration(CAMERA, "exact"))
    pipe.process(Frame(img, 0, 0.0))
    assert pipe.detector.background is None          # estimated from the frames so far
    bg = BackgroundModel.learn(empty)
    pipe.set_background(bg)
    assert pipe.detector.background is None          # not in the middle of a frame
    result = pipe.process(Frame(img, 1, 0.1))
    assert pipe.detector.background is bg
    assert not pipe.detector.stats.skipped           # detected afresh against the new one
    ships = result.scene.ships
    assert len(ships) == 1 and abs(ships[0].x_mm - 700.0) < 3.0 and abs(ships[0].y_mm - 400.0) < 3.0
    pipe.set_background(None)                        # and back to estimating
    pipe.process(Frame(img, 2, 0.2))
    assert pipe.detector.background is None
