"""The browser pages' words come from ``claim.text.web_words`` (issue 37: every sentence a person
reads comes from claim.text), read from the static files without a browser.

- every ``say("key")`` and ``data-say="key"`` names a key of :data:`WEB_WORDS`, and every key is
  used somewhere (no dead words);
- no person-read literal is left in the pages' JavaScript or HTML: a quoted or template literal
  with two consecutive English words, or one that starts with a capitalised word (a heading, a
  button), and an HTML text node or a person-read attribute with letters in it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from claim.apps.web.app import STATIC
from claim.text import describe
from claim.text.web_words import WEB_WORDS

SCRIPTS = sorted(STATIC.glob("*.js"))
PAGES = sorted(STATIC.glob("*.html"))

# -- reading the JavaScript's literals --------------------------------------------------------

# a character after which a `/` starts a regular expression, not a division
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def _literals(source: str) -> list[tuple[str, str]]:
    """Each string or template literal of ``source`` as (its text, up to 80 characters of the
    code before it); a template's ``${...}`` parts are left out of its text, and their own
    literals are read too. Comments and regular expressions are skipped."""
    found: list[tuple[str, str]] = []

    def scan(i: int, stop: str | None) -> int:
        """Read from ``i`` up to the ``}`` closing a template's ``${`` (when ``stop``)."""
        depth = 0
        last = ""
        while i < len(source):
            c = source[i]
            if source.startswith("//", i):
                i = source.find("\n", i)
                i = len(source) if i < 0 else i
                continue
            if source.startswith("/*", i):
                i = source.index("*/", i) + 2
                continue
            if c in "\"'":
                start = i
                i += 1
                text = []
                while source[i] != c:
                    if source[i] == "\\":
                        text.append(source[i : i + 2])
                        i += 2
                        continue
                    text.append(source[i])
                    i += 1
                found.append(("".join(text), source[max(0, start - 80) : start]))
                i += 1
                last = c
                continue
            if c == "`":
                start = i
                i += 1
                text = []
                while source[i] != "`":
                    if source[i] == "\\":
                        text.append(source[i : i + 2])
                        i += 2
                    elif source.startswith("${", i):
                        i = scan(i + 2, "}")
                    else:
                        text.append(source[i])
                        i += 1
                found.append(("".join(text), source[max(0, start - 80) : start]))
                i += 1
                last = "`"
                continue
            if c == "/" and last in _REGEX_BEFORE:
                i += 1
                in_class = False
                while in_class or source[i] != "/":
                    if source[i] == "\\":
                        i += 1
                    elif source[i] == "[":
                        in_class = True
                    elif source[i] == "]":
                        in_class = False
                    i += 1
                i += 1
                last = "/re"
                continue
            if stop is not None:
                if c == "{":
                    depth += 1
                elif c == "}":
                    if depth == 0:
                        return i + 1
                    depth -= 1
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$") else "a"
            i += 1
        return i

    scan(0, None)
    return found


# code literals that look like words: a CSS class list (`class: "cards tight"`), a selector, an
# element's class name set in code
_CODE_BEFORE = re.compile(
    r"((class:|className\s*=)[^,;{}()]*|classList\.\w+\(|querySelector(All)?\(|closest\()$"
)
_TWO_WORDS = re.compile(r"[A-Za-z']+ +[A-Za-z']+")
_CAPITALISED = re.compile(r"^\W*[A-Z][a-z]+\b")

#: literals that read like words but are codes, each with its reason
ALLOWED: dict[str, str] = {
    "Cannot load the card catalog: ": (
        "cards.js shows it when the catalog (which holds the words) cannot be loaded"
    ),
    "no words for the key ": (
        "cards.js's say() throws it for a key the server has not (a mistake in the page, for the "
        "console and the browser tests; a player never reads it)"
    ),
    "the words  need {}": "the same, for a placeholder say() was not given",
    "Content-Type": "an HTTP header's name",
    "Shift": "a KeyboardEvent.key name",
    "Control": "a KeyboardEvent.key name",
    "Alt": "a KeyboardEvent.key name",
    "Meta": "a KeyboardEvent.key name",
    "Tab": "a KeyboardEvent.key name",
    "Enter": "a KeyboardEvent.key name",
    "Home": "a KeyboardEvent.key name",
    "End": "a KeyboardEvent.key name",
}


def person_read(text: str, before: str) -> bool:
    """Whether a literal reads as words for a person (not a code, a class list or a selector)."""
    if text in ALLOWED or _CODE_BEFORE.search(before.rstrip()):
        return False
    return bool(_TWO_WORDS.search(text) or _CAPITALISED.match(text))


def words_left(source: str) -> list[str]:
    return [text for text, before in _literals(source) if person_read(text, before)]


def test_every_allowed_literal_is_still_there() -> None:
    """No stale entry: each literal let through is one a script still has."""
    found = {text for script in SCRIPTS for text, _ in _literals(script.read_text())}
    assert sorted(set(ALLOWED) - found) == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_script_writes_words_of_its_own(script: Path) -> None:
    assert words_left(script.read_text()) == []


def test_the_scan_finds_words_where_they_are() -> None:
    """The scan is honest: the literals table.js and game.js had before issue 37 are found, and
    codes, classes and the words inside a template's ``${...}`` are told apart."""
    old = """
      h("span", { class: "label" }, "Troll pool");
      const text = next === seat ? "Waiting…" : `Waiting for ${names.of(next)}…`;
      h("h2", {}, "Result"); h("button", {}, "Cancel");
      lines.push({ mark: n === 0 ? "The deal" : `Move ${n}: ${move}` });
      const x = `${a ? "Prize" : ""}`; // a comment with many words in it
      notice(`rematch: ${error.message}`);
    """
    assert words_left(old) == [
        "Troll pool",
        "Waiting…",
        "Waiting for …",
        "Result",
        "Cancel",
        "The deal",
        "Move : ",
        "Prize",
    ]
    codes = """
      h("div", { class: "cards tight" }, say("none"));
      el.className = kind === "error" ? "notice" : "notice info";
      document.querySelector("#decision button, #mine .hand button.card");
      if (["Shift", "Tab"].includes(event.key)) return;
      const re = /unknown|not found|404/i; say(`${a} b`);
    """
    assert words_left(codes) == []


# -- the HTML pages -------------------------------------------------------------------------

#: attributes a person reads (a tooltip, a screen reader's name, a field's hint)
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


class _Page(HTMLParser):
    """The words an HTML page writes itself, and the keys it names."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.keys: list[str] = []
        self.attributes: list[str] = []
        # each key with the placeholders the element gives it (data-say-n="0": {n})
        self.given: list[tuple[str, set[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        params = {name[len("data-say-") :] for name, _ in attrs if name.startswith("data-say-")}
        for name, value in attrs:
            if name == "data-say" and value:
                self.keys.append(value)
                self.given.append((value, params - {"attr"}))
            elif name == "data-say-attr" and value:
                keys = [pair.split(":", 1)[1] for pair in value.split()]
                self.keys.extend(keys)
                self.given.extend((key, set()) for key in keys)
            elif name in READ_ATTRIBUTES and value and re.search("[A-Za-z]", value):
                self.attributes.append(f"{tag} {name}={value!r}")

    def handle_data(self, data: str) -> None:
        if re.search("[A-Za-z]", data):
            self.texts.append(data.strip())


def _page(path: Path) -> _Page:
    parser = _Page()
    parser.feed(path.read_text())
    return parser


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_writes_words_of_its_own(page: Path) -> None:
    found = _page(page)
    assert found.texts == []
    assert found.attributes == []
    for key, given in found.given:  # cards.js's say() throws on a missing placeholder
        assert given == set(re.findall(r"\{([a-z_]+)\}", WEB_WORDS[key])), key


def test_the_page_scan_finds_words_where_they_are() -> None:
    parser = _Page()
    parser.feed('<h2>Log</h2><a title="The lobby" data-say="brand"></a><p data-say="x">?!</p>')
    assert (parser.texts, parser.attributes, parser.keys) == (
        ["Log"],
        ["a title='The lobby'"],
        ["brand", "x"],
    )


# -- the keys --------------------------------------------------------------------------------

_SAY = re.compile(r"""\bsay\(\s*["']([A-Za-z0-9_]+)["']""")


def keys_used() -> set[str]:
    used: set[str] = set()
    for script in SCRIPTS:
        used.update(_SAY.findall(script.read_text()))
    for page in PAGES:
        used.update(_page(page).keys)
    return used


def test_every_key_the_pages_name_has_words_and_every_word_is_used() -> None:
    used = keys_used()
    assert sorted(used - set(WEB_WORDS)) == []  # a typo: say() would throw in the browser
    assert sorted(set(WEB_WORDS) - used) == []  # dead words
    # every say() in the code names its key as a literal, so the scan above sees them all;
    # cards.js's filler of the HTML's data-say keys (read from the pages above) excepted
    dynamic = ("say(key, params = {})", "say(el.dataset.say, params)", "say(key)")
    for script in SCRIPTS:
        code = re.sub(r"/\*.*?\*/|^\s*//.*$", "", script.read_text(), flags=re.S | re.M)
        for call in re.finditer(r"\bsay\(", code):
            rest = code[call.start() :]
            assert _SAY.match(rest) or rest.startswith(dynamic), (script.name, rest[:60])


def test_the_words_are_keys_and_templates() -> None:
    for key, template in WEB_WORDS.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", key), key
        assert template, key
        # a placeholder is {name}: no stray brace
        assert re.sub(r"\{[a-z_]+\}", "", template).count("{") == 0, key
        assert "}" not in re.sub(r"\{[a-z_]+\}", "", template), key


def test_the_headings_the_terminal_says_too_live_once() -> None:
    """Where the terminal's table says the same heading, both read describe's constant."""
    assert WEB_WORDS["troll_pool"] == describe.TROLL_POOL
    assert WEB_WORDS["prize"] == describe.PRIZE
    assert WEB_WORDS["toxics"] == describe.TOXICS
    assert WEB_WORDS["on_the_table"] == describe.ON_THE_TABLE
    assert WEB_WORDS["game_over"] == describe.GAME_OVER
    assert (WEB_WORDS["phase_one"], WEB_WORDS["phase_two"]) == (
        describe.PHASE_NAMES[1],
        describe.PHASE_NAMES[2],
    )


def _say_calls(code: str) -> list[tuple[str, set[str] | None]]:
    """Each ``say("key", {a, b: ...})`` of ``code``: its key and the names of the params object
    given (None when the params are not an object literal written there)."""
    calls: list[tuple[str, set[str] | None]] = []
    for match in _SAY.finditer(code):
        i = match.end()  # past the key's closing quote
        while code[i].isspace():
            i += 1
        if code[i] == ")":
            calls.append((match.group(1), set()))
            continue
        i += 1  # the comma
        while code[i].isspace():
            i += 1
        if code[i] != "{":
            calls.append((match.group(1), None))
            continue
        depth, j, entries, start = 0, i, [], i + 1
        while True:  # the object's top-level entries, split at its commas
            c = code[j]
            if c in "\"'`":
                j = code.index(c, j + 1)
            elif c in "{([":
                depth += 1
            elif c in "})]":
                depth -= 1
                if depth == 0:
                    entries.append(code[start:j])
                    break
            elif c == "," and depth == 1:
                entries.append(code[start:j])
                start = j + 1
            j += 1
        names = {re.split(r"[:\s]", e.strip(), maxsplit=1)[0] for e in entries if e.strip()}
        calls.append((match.group(1), names))
    return calls


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_each_say_gives_the_placeholders_its_words_need(script: Path) -> None:
    """say() throws on a missing placeholder: a path the browser tests do not take (an error,
    a rare end of the game) would break only in a player's browser; read them all here."""
    for key, given in _say_calls(script.read_text()):
        needed = set(re.findall(r"\{([a-z_]+)\}", WEB_WORDS[key]))
        assert given is not None, key
        assert given == needed, (key, given, needed)


def test_the_placeholder_scan_reads_what_each_call_gives() -> None:
    code = """say("none"); say("waiting_for", { name: names.of(next) });
      say("move_n", { n, move: f({ a: 1 }, "x, y") }); say("how", params);"""
    assert _say_calls(code) == [
        ("none", set()),
        ("waiting_for", {"name"}),
        ("move_n", {"n", "move"}),
        ("how", None),
    ]
