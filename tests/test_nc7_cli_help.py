"""What `--help` tells a newcomer is what the commands do (newcomer 7)."""

from armada_vision.cli import build_parser


def _option_help(command: str, option: str) -> str:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    parser = sub.choices[command]
    return next(a.help for a in parser._actions if option in a.option_strings)


def test_demo_help_names_the_log_the_demo_writes():
    # the demo records to demo-games.sqlite (so that it never becomes the players' latest
    # game); its --help said games.sqlite, the players' own log
    from armada_vision.cli.demo import DEMO_LOG

    assert DEMO_LOG == "demo-games.sqlite"
    assert _option_help("demo", "--log").endswith("~/.local/share/armada-vision/demo-games.sqlite")
    assert _option_help("run", "--log").endswith("~/.local/share/armada-vision/games.sqlite")


def test_legacy_pattern_help_needs_no_project_notes():
    # it pointed at "cv-notes 2.2", a developer's note a user does not have
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    calibrate = sub.choices["calibrate"]
    kinds = next(a for a in calibrate._actions if isinstance(a.choices, dict))
    text = next(a.help for a in kinds.choices["camera"]._actions
                if "--legacy-pattern" in a.option_strings)
    assert "cv-notes" not in text
    assert "before 4.6" in text and "even row count" in text


def test_check_setup_help_explains_the_signs():
    # "margin" alone left the reader guessing whether a negative one meant broken
    text = _option_help("check", "--setup")
    assert "margin_mm is how far that is from the rule's line, never negative" in text
    assert "negative when it sticks out" in text and "ok (yes/NO)" in text
