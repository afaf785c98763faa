"""Printable targets at true scale: the ChArUco board page, one page per table marker, and\nsheets of small ship tags.

Pages are 1-bit Pillow images at ``DPI`` dots per inch, saved as PDF (page size exact, so
"actual size" printing gives true millimetres) and PNG (with the DPI recorded). Every page
carries a 100 mm check bar and short instructions. Page "up" is the marker's top edge (+y of
the table for an unrotated marker, i.e. towards player 2).
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from armada_vision.errors import InputError

from ._files import BoardSpec, MarkerSpec, TableLayout, aruco_dictionary

DPI = 300
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 12.0  # kept clear for printers that cannot print to the edge


def _px(mm: float) -> int:
    return int(round(mm * DPI / 25.4))


def _font(size_mm: float):
    return ImageFont.load_default(size=max(8, _px(size_mm)))


def _page(paper: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = PAPER_MM[paper]
    img = Image.new("1", (_px(w), _px(h)), 1)
    return img, ImageDraw.Draw(img)


def _check_bar(draw: ImageDraw.ImageDraw, x_mm: float, y_mm: float) -> None:
    """A 100 mm bar with 10 mm ticks, its left end at (x_mm, y_mm) from the page's top left."""
    x0, y0 = _px(x_mm), _px(y_mm)
    draw.rectangle([x0, y0, x0 + _px(100.0), y0 + _px(2.0)], fill=0)
    for k in range(11):
        x = x0 + _px(10.0 * k)
        draw.rectangle([x - 1, y0 - _px(3.0 if k % 5 == 0 else 1.5), x + 1, y0], fill=0)
    draw.text((x0 + _px(104.0), y0 - _px(2.5)), "check: this bar must measure 100 mm",
              font=_font(3.2), fill=0)


def _text(draw: ImageDraw.ImageDraw, x_mm: float, y_mm: float, lines: list[str], size_mm: float = 3.6) -> float:
    """Write lines from (x_mm, y_mm); returns the y (mm) below the last line."""
    font = _font(size_mm)
    for line in lines:
        draw.text((_px(x_mm), _px(y_mm)), line, font=font, fill=0)
        y_mm += size_mm * 1.45
    return y_mm


def board_page(board: BoardSpec, paper: str = "a4") -> Image.Image:
    """The ChArUco board at true scale with instructions; InputError if it does not fit ``paper``."""
    pw, ph = PAPER_MM[paper]
    bw, bh = board.squares[0] * board.square_mm, board.squares[1] * board.square_mm
    text_mm = 42.0
    if bw > pw - 2 * MARGIN_MM or bh > ph - 2 * MARGIN_MM - text_mm:
        raise InputError(
            f"a {board.squares[0]}x{board.squares[1]} board of {board.square_mm:g} mm squares "
            f"({bw:g} x {bh:g} mm) does not fit {paper} paper with printer margins; "
            "use smaller --square-mm", field="--square-mm")
    img, draw = _page(paper)
    pattern = board.cv_board().generateImage((_px(bw), _px(bh)), marginSize=0, borderBits=1)
    tile = Image.fromarray(pattern).convert("1", dither=Image.Dither.NONE)
    x0 = (pw - bw) / 2
    img.paste(tile, (_px(x0), _px(MARGIN_MM)))
    y = MARGIN_MM + bh + 6.0
    y = _text(draw, x0, y, [
        f"ChArUco board {board.squares[0]} x {board.squares[1]}, squares {board.square_mm:g} mm, "
        f"markers {board.marker_mm:g} mm, {board.dictionary}",
        "Print at 100 % (actual size, no 'fit to page'); glue flat onto stiff card.",
        "Then: armada-vision calibrate camera --source 0 --out camera.json",
        "(its board options default to this board); show the board at many tilts.",
    ])
    _check_bar(draw, x0, y + 6.0)
    return img


def _where(m: MarkerSpec, area: tuple[float, float]) -> tuple[str, str]:
    x, y = m.center_mm
    w, h = area
    side = "player 1's edge" if y < 0 else "player 2's edge" if y > h else None
    end = "left corner" if x < 0 else "right corner" if x > w else "middle"
    if side is None:
        side = "the left short edge" if x < 0 else "the right short edge"
        end = "middle" if 0 <= y <= h else end
    return (f"Place it outside the play area at {side}, {end}: its centre at x {x:g} mm, y {y:g} mm",
            "(x along player 1's edge from player 1's left corner, y towards player 2).")


def marker_page(layout: TableLayout, m: MarkerSpec, paper: str = "a4", name: str = "layout") -> Image.Image:
    """One table marker at true scale, with the play area's edges drawn where they must lie."""
    pw, ph = PAPER_MM[paper]
    img, draw = _page(paper)
    dictionary = aruco_dictionary(layout.dictionary)
    modules = dictionary.markerSize + 2
    side = _px(m.size_mm)
    marker = cv2.aruco.generateImageMarker(dictionary, m.id, modules * 40, borderBits=1)
    marker = cv2.resize(marker, (side, side), interpolation=cv2.INTER_NEAREST)
    a = math.radians(m.rotation_deg)
    to_page = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])  # table -> marker axes
    area_w, area_h = layout.play_area_mm
    corners = np.array([[0, 0], [area_w, 0], [area_w, area_h], [0, area_h]], dtype=float)
    local = (corners - np.asarray(m.center_mm)) @ to_page.T  # mm, x right, y up from the marker centre
    centre_dir = local.mean(axis=0)
    cx = pw / 2
    # the text goes on the side of the marker away from the play area
    cy = ph * (0.62 if centre_dir[1] < 0 else 0.38)
    if pw / 2 < m.size_mm / 2 + MARGIN_MM:
        raise InputError(f"marker {m.id} ({m.size_mm:g} mm) does not fit {paper} paper",
                         source=layout.source, field="markers")
    img.paste(Image.fromarray(marker).convert("1", dither=Image.Dither.NONE),
              (_px(cx - m.size_mm / 2), _px(cy - m.size_mm / 2)))
    # play-area edges, dashed, clipped to the page
    for p, q in zip(local, np.roll(local, -1, axis=0)):
        length = float(np.linalg.norm(q - p))
        for t0 in np.arange(0.0, length, 6.0):
            a0, a1 = p + (q - p) * t0 / length, p + (q - p) * min(t0 + 4.0, length) / length
            xs, ys = [cx + a0[0], cx + a1[0]], [cy - a0[1], cy - a1[1]]
            if all(0 <= v <= pw for v in xs) and all(0 <= v <= ph for v in ys):
                draw.line([(_px(xs[0]), _px(ys[0])), (_px(xs[1]), _px(ys[1]))], fill=0, width=_px(0.5))
    lines = [
        f"Table marker id {m.id} ({layout.dictionary}, {m.size_mm:g} mm), {name}",
        *_where(m, layout.play_area_mm),
        "The dashed lines are the play area's edges: trim the sheet along them (or slide",
        "that part under the mat) and line them up with the edges; the top faces player 2.",
        "Print at 100 % (actual size); keep the white border around the marker clean.",
    ]
    y_text = MARGIN_MM + 5 if centre_dir[1] < 0 else cy + m.size_mm / 2 + 14
    y = _text(draw, MARGIN_MM, y_text, lines)
    _check_bar(draw, MARGIN_MM, y + 6.0)
    return img


TAG_CELL_MM = 30.0  # one ship tag's square on the sheet: the tag, its white border, its id


def tag_pages(dictionary_name: str, ids: list[int], tag_mm: float = 16.0,
              paper: str = "a4") -> list[Image.Image]:
    """Sheets of ship tags (``armada-roster/1``'s ``tag``: docs/detection.md "Roster file"):
    each id's marker with a black square ``tag_mm`` a side, a cut line ``tag_mm`` / 4 (at least
    2 mm) round it, its id and "bow" above its top edge; as many pages as needed. Raises InputError when a tag does not
    fit a cell (``tag_mm`` over ``TAG_CELL_MM`` - 12)."""
    if not 4.0 <= tag_mm <= TAG_CELL_MM - 12.0:
        raise InputError(f"expected 4 to {TAG_CELL_MM - 12.0:g} mm, got {tag_mm:g}",
                         field="--tag-mm")
    dictionary = aruco_dictionary(dictionary_name)
    modules = dictionary.markerSize + 2
    pw, ph = PAPER_MM[paper]
    cols = int((pw - 2 * MARGIN_MM) // TAG_CELL_MM)
    top = MARGIN_MM + 34.0  # room for the instructions and the check bar
    rows = int((ph - top - MARGIN_MM) // TAG_CELL_MM)
    pages: list[Image.Image] = []
    for start in range(0, len(ids), cols * rows):
        img, draw = _page(paper)
        y = _text(draw, MARGIN_MM, MARGIN_MM, [
            f"Ship tags ({dictionary_name}, {tag_mm:g} mm), for a roster's \"tag\" "
            "(armada-roster/1).",
            "Cut along the thin lines; glue each flat on its ship's token where the miniature",
            "leaves it in view, its top edge (under 'bow') towards the bow. Print at 100 %.",
        ])
        _check_bar(draw, MARGIN_MM, y + 6.0)
        for k, tag in enumerate(ids[start:start + cols * rows]):
            r, c = divmod(k, cols)
            x0, y0 = MARGIN_MM + c * TAG_CELL_MM, top + r * TAG_CELL_MM
            mx, my = x0 + (TAG_CELL_MM - tag_mm) / 2, y0 + 7.0 + (TAG_CELL_MM - 7.0 - tag_mm) / 2
            quiet = max(2.0, tag_mm / 4)  # white kept round the black square: ArUco needs it
            draw.rectangle([_px(mx - quiet), _px(my - quiet), _px(mx + tag_mm + quiet),
                            _px(my + tag_mm + quiet)], outline=0, width=1)
            _text(draw, mx - quiet, my - quiet - 4.4, [f"{tag}  bow"], size_mm=3.0)
            side = _px(tag_mm)
            marker = cv2.aruco.generateImageMarker(dictionary, tag, modules * 40, borderBits=1)
            marker = cv2.resize(marker, (side, side), interpolation=cv2.INTER_NEAREST)
            img.paste(Image.fromarray(marker).convert("1", dither=Image.Dither.NONE),
                      (_px(mx), _px(my)))
        pages.append(img)
    return pages


def write_pages(pages: list[Image.Image], out_dir: Path, stem: str) -> list[Path]:
    """Save ``pages`` as ``stem.pdf`` (all pages) and ``stem[-N].png``; returns the paths.

    Raises InputError naming the folder or file that cannot be created or written.
    """
    written = [out_dir / f"{stem}.pdf"]
    target = out_dir
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        target = written[0]
        pages[0].save(written[0], resolution=DPI, save_all=True, append_images=pages[1:])
        for i, page in enumerate(pages):
            target = out_dir / (f"{stem}.png" if len(pages) == 1 else f"{stem}-{i + 1}.png")
            page.save(target, dpi=(DPI, DPI))
            written.append(target)
    except OSError as exc:
        raise InputError(f"cannot write ({exc.strerror or exc.__class__.__name__})",
                         source=str(target)) from None
    return written
