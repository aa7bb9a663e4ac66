"""A file with a million problems costs a count, not a million messages: each file lists at most
MAX_PROBLEMS_PER_FILE of them (the first found, which a loader finds in the file's order),
and says how many more it has."""

from __future__ import annotations

from pnp.model.limits import MAX_PROBLEMS_PER_FILE
from pnp.model.problems import ContentError, Location, Problem, Problems


def test_a_file_lists_its_first_problems_and_counts_the_rest():
    problems = Problems()
    for line in range(1, MAX_PROBLEMS_PER_FILE + 151):
        problems.add(Location("a.po", line, 1), "", "bad line")
    problems.add(Location("b.yaml", 3, 1), "k", "bad value")
    assert len(problems) == MAX_PROBLEMS_PER_FILE + 151
    error = ContentError(problems.items)
    lines = error.format_message().splitlines()
    assert len(lines) == MAX_PROBLEMS_PER_FILE + 3
    assert lines[0] == "a.po:1:1: bad line"
    assert lines[MAX_PROBLEMS_PER_FILE - 1] == f"a.po:{MAX_PROBLEMS_PER_FILE}:1: bad line"
    assert lines[MAX_PROBLEMS_PER_FILE:] == ["a.po: 150 more problems in this file, not listed",
                                             "b.yaml:3:1 k: bad value", f"({MAX_PROBLEMS_PER_FILE + 151} problems)"]


def test_the_count_of_the_rest_survives_being_passed_on():
    first = Problems()
    for line in range(1, MAX_PROBLEMS_PER_FILE + 3):
        first.add(Location("a.po", line, 1), "", "bad line")
    second = Problems()
    second.extend(first)
    second.extend([Problem(Location("a.po", 999, 1), "", "one more")])
    error = ContentError(second.items)
    assert error.format_message().splitlines()[-2:] == ["a.po: 3 more problems in this file, not listed",
                                                         f"({MAX_PROBLEMS_PER_FILE + 3} problems)"]


def test_an_error_made_from_a_long_list_is_capped_too():
    error = ContentError([Problem(Location("c.csv", n, 1), "", "bad cell") for n in range(1, 1001)])
    assert str(error).count("\n") == MAX_PROBLEMS_PER_FILE
    assert error.format_message().endswith("c.csv: 900 more problems in this file, not listed\n(1000 problems)")
