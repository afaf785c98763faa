"""Rulesets by name (DESIGN.md "Rulesets")."""

import pytest

from armada_vision.errors import InputError
from armada_vision.rules import parse_ruleset


def test_default_is_rrg_16_with_squadron_los_from_the_centre():
    r = parse_ruleset(None)
    assert r.name == "rrg-1.6" and r.squadron_los == "centre" and not r.squadrons_obstruct


def test_rrg_15_uses_the_closest_point():
    assert parse_ruleset("rrg-1.5").squadron_los == "closest"


def test_house_rule_appended_with_plus():
    r = parse_ruleset("rrg-1.5+squadrons-obstruct")
    assert r.squadrons_obstruct and r.squadron_los == "closest"
    assert r.name == "rrg-1.5+squadrons-obstruct"


@pytest.mark.parametrize("name", ["rrg-1.7", "rrg-1.6+flying-obstacles", "house"])
def test_unknown_names_list_the_valid_ones(name):
    with pytest.raises(InputError) as info:
        parse_ruleset(name)
    msg = str(info.value)
    assert "--ruleset" in msg and ("rrg-1.6" in msg or "squadrons-obstruct" in msg)
