"""A declared message's maker (``declare``) is written for its argument names: the
message it makes equals ``Message(id, args)`` whatever the order the arguments come
in, an argument missing is named, and a name no Python function could take is refused
when the message is declared, not when a rule first makes it."""

from __future__ import annotations

import pytest

from sanitas.ordinance.messages import Message, declare


def test_a_maker_makes_what_message_makes_in_any_order():
    make = declare("test.maker.two", "{when}: {who} and {what}")
    made = make(who="Jade Garden", what=3, when=None)
    assert made == Message("test.maker.two", {"what": 3, "when": None, "who": "Jade Garden"})
    assert tuple(made) == tuple(make(when=None, what=3, who="Jade Garden"))
    assert made.args == {"what": 3, "when": None, "who": "Jade Garden"}


def test_a_missing_argument_is_named_and_none_is_a_value():
    make = declare("test.maker.missing", "{a}, {b} and {c}")
    with pytest.raises(TypeError, match=r"message test\.maker\.missing: missing a, c"):
        make(b=1)
    assert make(a=None, b=None, c=None).args == {"a": None, "b": None, "c": None}
    with pytest.raises(TypeError):
        make(1, 2, 3)  # named arguments only


def test_more_arguments_than_the_template_names_are_kept():
    make = declare("test.maker.more", "{a}")
    assert make(a=1, z=2) == Message("test.maker.more", {"a": 1, "z": 2})
    bare = declare("test.maker.bare", "nothing to name")
    assert bare() == Message("test.maker.bare") and bare(n=1).args == {"n": 1}


@pytest.mark.parametrize("template", ["{class}", "{_m_new}", "{a-b}"])
def test_a_name_no_function_could_take_is_refused_when_declared(template):
    with pytest.raises(ValueError, match="not a Python name"):
        declare(f"test.maker.bad{len(template)}", template)
