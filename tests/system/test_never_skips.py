"""The system tests' own rule, checked in `make test`: a missing program fails a test, never skips it."""

import pytest
from programs import program


def test_a_missing_program_fails_the_test():
    with pytest.raises(pytest.fail.Exception, match="no-such-program-of-pnp is not installed"):
        program("no-such-program-of-pnp")


def test_the_system_tests_are_marked_and_left_out_of_make_test(pytestconfig):
    assert "not system" in pytestconfig.getini("addopts")
    from test_browser import pytestmark as browser
    from test_gettext import pytestmark as gettext

    assert gettext.name == "system" and browser.name == "system"
