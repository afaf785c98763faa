"""`armada-vision markers`: printable true-scale PDF and PNG sheets of the ChArUco board and of a
table layout's markers (one page per marker), each page with instructions and a 100 mm check bar."""

from __future__ import annotations

import sys
from pathlib import Path

from ._options import add_board_options, board_from_args


def add_parser(sub, common) -> None:
    p = sub.add_parser(
        "markers", parents=[common],
        help="write printable PDF/PNG sheets for the calibration board and the table markers",
        description="Write true-scale PDF (and PNG) sheets: the ChArUco board for 'calibrate "
        "camera' and one page per table marker of a layout for 'calibrate table'. Print at "
        "100 % (actual size) and check the 100 mm bar with a ruler.")
    p.add_argument("--out", metavar="DIR", default="markers", help="output folder (default ./markers)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size (default a4)")
    p.add_argument("--layout", metavar="FILE",
                   help="table layout (default: calibration/layout-6x3.json); '3x3' and '6x3' "
                   "name the bundled ones")
    p.add_argument("--tags", metavar="IDS",
                   help="also write sheets of ship tags for a roster's \"tag\" (armada-roster/1), "
                   "e.g. 6-17 or 6,7,9: ids of the layout's dictionary that are not its table markers")
    p.add_argument("--tag-mm", type=float, default=None, metavar="MM",
                   help="a ship tag's black square, mm a side (default 16)")
    add_board_options(p)
    p.set_defaults(func=run)


def parse_tag_ids(text: str, table_ids: set[int], dictionary_size: int) -> list[int]:
    """``--tags``: ids as ``6-17`` or ``6,7,9`` (or both, comma-separated), in order, each once.
    Raises InputError naming a part that is not an id, a table marker's id (it would name a
    ship after a table marker) or one the dictionary does not have."""
    from armada_vision.errors import InputError

    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        lo, _, hi = part.partition("-")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            raise InputError(f"expected ids such as 6-17 or 6,7,9, got {part!r}",
                             field="--tags") from None
        if a > b or a < 0:
            raise InputError(f"expected ids such as 6-17 or 6,7,9, got {part!r}", field="--tags")
        ids += [i for i in range(a, b + 1) if i not in ids]
    taken = sorted(set(ids) & table_ids)
    if taken:
        raise InputError(f"{', '.join(map(str, taken))}: table marker id(s) of the layout; a "
                         "ship tag needs another id", field="--tags")
    if ids and max(ids) >= dictionary_size:
        raise InputError(f"{max(ids)}: the dictionary has ids 0-{dictionary_size - 1}",
                         field="--tags")
    return ids


def run(args) -> int:
    from armada_vision.vision.calibration import DEFAULT_LAYOUTS, load_layout
    from armada_vision.vision.calibration._sheets import board_page, marker_page, write_pages

    from ._paths import check_output_folder

    check_output_folder(args.out, "--out")
    board = board_from_args(args)
    layout_path = Path(DEFAULT_LAYOUTS.get((args.layout or "6x3").lower(), args.layout))
    layout = load_layout(layout_path)
    out = Path(args.out)
    written = write_pages([board_page(board, args.paper)], out, f"charuco-board-{args.paper}")
    pages = [marker_page(layout, m, args.paper, layout_path.name) for m in layout.markers]
    if pages:  # none in a layout that only gives the play area (calibrate table --corners)
        written += write_pages(pages, out, f"table-markers-{layout_path.stem}-{args.paper}")
    if args.tag_mm is not None and not args.tags:
        print("armada-vision: note: --tag-mm without --tags (e.g. --tags 6-17): no ship tag "
              "sheet written", file=sys.stderr)
    if args.tags is not None and not args.tags.strip():
        from armada_vision.errors import InputError

        raise InputError("expected ids such as 6-17 or 6,7,9, got nothing", field="--tags")
    if args.tags:
        from armada_vision.vision.calibration._files import aruco_dictionary
        from armada_vision.vision.calibration._sheets import tag_pages

        size = len(aruco_dictionary(layout.dictionary).bytesList)
        tags = parse_tag_ids(args.tags, {m.id for m in layout.markers}, size)
        written += write_pages(tag_pages(layout.dictionary, tags, args.tag_mm or 16.0, args.paper), out,
                               f"ship-tags-{args.paper}")
    pdfs = [path for path in written if path.suffix == ".pdf"]
    for path in pdfs:
        print(path)
    print(f"({len(written) - len(pdfs)} PNG pages beside them.) Print at 100 % / actual size and "
          "check the 100 mm bar on each page with a ruler.")
    if not layout.markers:
        print(f"{layout_path}: lists no table markers, so only the board was written "
              "(calibrate the table with --corners).")
        return 0
    ids = sorted(m.id for m in layout.markers)
    # a roster's ship tags (analyze --roster) must keep off these ids, or a table marker names a ship
    span = (f"{ids[0]}-{ids[-1]}" if ids == list(range(ids[0], ids[-1] + 1))
            else ", ".join(map(str, ids)))
    print(f"The table markers are {layout.dictionary} ids {span}: tags on "
          "ship tokens (a roster's \"tag\") need other ids" + (
              "." if args.tags else f" (--tags {ids[-1] + 1}-{ids[-1] + 12} prints a sheet)."))
    return 0
