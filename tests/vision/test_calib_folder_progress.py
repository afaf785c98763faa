"""``calibrate camera`` on a folder of photos uses every usable one, so its progress says
"views n" and which image of the folder it is at, not "views n/15" as from a webcam (the
newcomer read "views 4/15" as four views short of a calibration)."""

import shutil

from armada_vision.vision.calibration._intrinsics import CalibrationProgress


def test_a_folder_says_views_taken_and_image_of_the_folder(realdata, tmp_path, capsys):
    from armada_vision.cli import main

    photos = tmp_path / "photos"
    photos.mkdir()
    names = ["charuco_5x7_img_00.jpg", "charuco_5x7_img_01_choriginal.jpg",
             "charuco_5x7_img_02.jpg", "singlemarkers_6x6_original_2019.jpg"]
    for name in names:
        shutil.copy(realdata / "charuco-photos" / name, photos)
    code = main(["calibrate", "camera", "--source", str(photos), "--board", "5x7",
                 "--square-mm", "40", "--marker-mm", "20", "--dictionary", "DICT_6X6_250",
                 "--out", str(tmp_path / "camera.json")])
    assert code == 2  # three usable views of four needed: refused, after saying how far it got
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("image ")]
    assert [ln.split("  ")[0] for ln in lines] == [
        "image 1/4 + views 1", "image 2/4 + views 2", "image 3/4 + views 3", "image 4/4 . views 3"]
    assert not any("/15" in ln for ln in lines)


def test_a_video_still_counts_towards_its_target():
    p = CalibrationProgress(True, "view taken, 24 corners", 3, 15, 0.4, 6.0, False)
    assert p.line().startswith("+ views 3/15  coverage  40%")
    stills = CalibrationProgress(True, "a.jpg: 24 corners", 3, 15, 0.4, 6.0, False, stills=True)
    assert stills.line().startswith("+ views 3  coverage  40%")
