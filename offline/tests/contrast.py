"""The contrast check a browser test runs on a page (WCAG 2.2 AA, 1.4.3): every piece of text
the page shows, its colour as the browser computed it against the background behind it (the
ancestors' background colours composited, a gradient's every stop, an SVG text's own shape),
at least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Text of a disabled control
is exempt, as WCAG says.

`CHECK` returns {checked, failures: [{text, colour, background, ratio, needed, where}]};
`SVG_CHECK(background)` does the same for an SVG document opened on its own (a chart picture),
against the background the page puts behind its <img>.
"""

from pathlib import Path

SOURCE = (Path(__file__).resolve().parent / "contrast.js").read_text(encoding="utf-8")
CHECK = "() => {\n" + SOURCE + "\nreturn checkPage();\n}"
SVG_CHECK = "(background) => {\n" + SOURCE + "\nreturn checkSvg(background);\n}"


def contrast_failures(page, label: str) -> tuple[int, list[str]]:
    """`CHECK` run on `page`: how many texts it checked, and a line for each that does not
    read, starting with `label`."""
    found = page.evaluate(CHECK)
    return found["checked"], [
        f"{label}: {f['text']!r} {f['colour']} on {f['background']} = {f['ratio']} "
        f"(needs {f['needed']}) at {f['where']}"
        for f in found["failures"]
    ]
