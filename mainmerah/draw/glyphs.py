"""The letters on a card face as SVG paths, so a card draws the same everywhere and paints fast.

A card face drawn with ``<text>`` depends on the fonts of the machine that shows it,
and the browser shapes that text again whenever it paints the card (a redraw of the
table paints dozens). Drawn as paths, a face needs no font, and a measured computer
step of the table took about 2 ms less of its 9 ms of drawing. The outlines are
DejaVu Sans (shipped with matplotlib; its Bitstream Vera licence allows embedding
them), in units of 1/1000 em, y pointing down. ``GLYPHS`` below is generated:
``python -m mainmerah.draw.glyphs`` (needs matplotlib) prints it again, and a test checks
that it still matches.
"""

from __future__ import annotations

import sys

CHARS = {True: "0123456789AJQKOER", False: "♥♦♣♠"}  # bold: ranks, points, "JOKER"; regular: suit symbols

# (char, bold) -> (advance width, path data), 1000 units per em.
GLYPHS: dict[tuple[str, bool], tuple[int, str]] = {
    ('0', True): (696, 'M460 -365Q460 -502 434 -558Q409 -614 348 -614Q288 -614 262 -558Q236 -502 236 -365Q236 -227 262 -170Q288 -114 348 -114Q408 -114 434 -170Q460 -227 460 -365ZM648 -364Q648 -183 570 -84Q492 14 348 14Q204 14 126 -84Q48 -183 48 -364Q48 -545 126 -644Q204 -742 348 -742Q492 -742 570 -644Q648 -545 648 -364Z'),
    ('1', True): (696, 'M117 -130L283 -130L283 -601L113 -566L113 -694L282 -729L461 -729L461 -130L627 -130L627 0L117 0L117 -130Z'),
    ('2', True): (696, 'M288 -138L609 -138L609 0L79 0L79 -138L345 -373Q381 -405 398 -436Q415 -467 415 -500Q415 -551 381 -582Q346 -614 289 -614Q245 -614 193 -595Q141 -576 81 -539L81 -699Q145 -720 207 -731Q269 -742 328 -742Q459 -742 532 -685Q604 -627 604 -524Q604 -464 573 -413Q542 -361 444 -275L288 -138Z'),
    ('3', True): (696, 'M466 -393Q540 -374 578 -327Q616 -280 616 -207Q616 -99 533 -42Q450 14 291 14Q235 14 178 5Q122 -4 67 -22L67 -167Q120 -141 172 -127Q224 -114 274 -114Q349 -114 388 -140Q428 -165 428 -214Q428 -264 388 -289Q347 -315 267 -315L192 -315L192 -436L271 -436Q342 -436 376 -458Q411 -480 411 -526Q411 -568 377 -591Q344 -614 282 -614Q237 -614 190 -603Q144 -593 98 -573L98 -711Q154 -727 208 -734Q263 -742 316 -742Q458 -742 528 -695Q599 -649 599 -555Q599 -491 565 -450Q532 -410 466 -393Z'),
    ('4', True): (696, 'M368 -574L162 -269L368 -269L368 -574ZM337 -729L546 -729L546 -269L650 -269L650 -133L546 -133L546 0L368 0L368 -133L45 -133L45 -294L337 -729Z'),
    ('5', True): (696, 'M106 -729L573 -729L573 -591L256 -591L256 -478Q277 -484 299 -487Q321 -490 344 -490Q478 -490 552 -424Q626 -357 626 -238Q626 -120 545 -53Q464 14 321 14Q259 14 198 2Q137 -10 77 -34L77 -182Q137 -148 190 -131Q244 -114 291 -114Q359 -114 399 -147Q438 -181 438 -238Q438 -295 399 -329Q359 -362 291 -362Q250 -362 205 -351Q159 -341 106 -319L106 -729Z'),
    ('6', True): (696, 'M362 -360Q312 -360 288 -328Q263 -296 263 -232Q263 -168 288 -136Q312 -104 362 -104Q412 -104 436 -136Q461 -168 461 -232Q461 -296 436 -328Q412 -360 362 -360ZM594 -710L594 -575Q548 -597 507 -608Q466 -618 427 -618Q343 -618 296 -571Q249 -525 241 -433Q273 -457 311 -469Q349 -481 393 -481Q505 -481 573 -415Q642 -350 642 -244Q642 -127 565 -56Q489 14 360 14Q218 14 140 -82Q62 -178 62 -354Q62 -535 153 -638Q244 -741 403 -741Q453 -741 500 -733Q548 -726 594 -710Z'),
    ('7', True): (696, 'M67 -729L616 -729L616 -623L332 0L149 0L418 -591L67 -591L67 -729Z'),
    ('8', True): (696, 'M348 -326Q295 -326 267 -297Q239 -269 239 -215Q239 -161 267 -132Q295 -104 348 -104Q400 -104 428 -132Q456 -161 456 -215Q456 -269 428 -298Q400 -326 348 -326ZM211 -388Q145 -408 111 -450Q77 -491 77 -553Q77 -645 146 -694Q215 -742 348 -742Q480 -742 549 -694Q618 -646 618 -553Q618 -491 584 -450Q550 -408 484 -388Q558 -368 596 -322Q634 -275 634 -205Q634 -97 562 -41Q490 14 348 14Q206 14 134 -41Q61 -97 61 -205Q61 -275 99 -322Q137 -368 211 -388ZM255 -534Q255 -491 279 -467Q303 -444 348 -444Q392 -444 416 -467Q440 -491 440 -534Q440 -578 416 -601Q392 -624 348 -624Q303 -624 279 -601Q255 -577 255 -534Z'),
    ('9', True): (696, 'M100 -16L100 -151Q145 -130 186 -119Q227 -109 267 -109Q351 -109 398 -155Q445 -202 453 -294Q420 -270 382 -257Q345 -245 301 -245Q189 -245 120 -310Q52 -375 52 -482Q52 -600 128 -670Q205 -741 333 -741Q476 -741 554 -645Q632 -549 632 -373Q632 -192 540 -89Q449 14 290 14Q239 14 192 7Q145 -1 100 -16ZM332 -367Q381 -367 406 -399Q431 -431 431 -495Q431 -559 406 -591Q381 -623 332 -623Q283 -623 258 -591Q233 -559 233 -495Q233 -431 258 -399Q283 -367 332 -367Z'),
    ('A', True): (774, 'M534 -133L240 -133L194 0L5 0L275 -729L499 -729L769 0L580 0L534 -133ZM287 -268L487 -268L387 -558L287 -268Z'),
    ('J', True): (372, 'M92 -729L280 -729L280 -71Q280 65 206 133Q132 200 -18 200L-56 200L-56 58L-27 58Q32 58 62 25Q92 -7 92 -71L92 -729Z'),
    ('Q', True): (850, 'M445 13L430 13Q250 13 150 -86Q50 -186 50 -364Q50 -541 150 -642Q250 -742 425 -742Q602 -742 701 -642Q800 -543 800 -364Q800 -241 747 -152Q695 -63 596 -18L743 146L564 146L445 13ZM425 -606Q339 -606 292 -542Q244 -479 244 -364Q244 -247 290 -184Q337 -122 425 -122Q511 -122 559 -185Q606 -249 606 -364Q606 -479 559 -542Q511 -606 425 -606Z'),
    ('K', True): (775, 'M92 -729L280 -729L280 -463L551 -729L769 -729L418 -384L805 0L570 0L280 -287L280 0L92 0L92 -729Z'),
    ('O', True): (850, 'M425 -606Q339 -606 292 -542Q244 -479 244 -364Q244 -249 292 -185Q339 -122 425 -122Q511 -122 559 -185Q606 -249 606 -364Q606 -479 559 -542Q511 -606 425 -606ZM425 -742Q601 -742 700 -642Q800 -541 800 -364Q800 -187 700 -86Q601 14 425 14Q250 14 150 -86Q50 -187 50 -364Q50 -541 150 -642Q250 -742 425 -742Z'),
    ('E', True): (683, 'M92 -729L599 -729L599 -587L280 -587L280 -451L580 -451L580 -309L280 -309L280 -142L610 -142L610 0L92 0L92 -729Z'),
    ('R', True): (770, 'M359 -406Q418 -406 444 -428Q469 -450 469 -500Q469 -550 444 -571Q418 -593 359 -593L280 -593L280 -406L359 -406ZM280 -276L280 0L92 0L92 -729L379 -729Q523 -729 590 -681Q657 -632 657 -528Q657 -456 622 -409Q587 -363 517 -341Q556 -332 586 -301Q617 -270 648 -207L750 0L550 0L461 -181Q434 -236 406 -256Q379 -276 333 -276L280 -276Z'),
    ('♥', False): (897, 'M270 -729Q369 -729 425 -614Q446 -568 447 -544L448 -544Q465 -624 510 -676Q563 -729 629 -729Q731 -729 792 -619Q808 -579 808 -543Q808 -421 707 -310L448 0L445 0L171 -336Q89 -437 89 -543Q89 -646 186 -707Q227 -729 270 -729Z'),
    ('♦', False): (897, 'M448 -729L694 -410Q728 -368 728 -362L448 0Q442 -4 168 -362Q168 -369 222 -436L448 -729Z'),
    ('♣', False): (897, 'M449 -729Q553 -729 602 -618Q609 -592 610 -565Q610 -508 552 -430L522 -400L524 -400Q560 -414 601 -414L610 -414Q727 -414 773 -315Q785 -283 785 -254Q785 -154 683 -103Q663 -97 628 -94Q510 -94 461 -228L460 -228L460 -224Q460 -56 500 -3L500 0L398 0L395 -3Q437 -65 437 -228L437 -230L435 -230Q386 -94 267 -94Q173 -94 124 -192Q111 -226 111 -254Q111 -368 231 -408Q264 -414 289 -414L293 -414Q335 -414 373 -400L375 -400L375 -402Q333 -437 319 -470Q290 -524 290 -563L290 -570Q290 -668 395 -719Q430 -729 449 -729Z'),
    ('♠', False): (897, 'M449 -729Q495 -647 601 -512Q716 -376 719 -349Q738 -307 738 -268L738 -249Q738 -167 659 -120Q633 -109 602 -109Q527 -109 480 -217L460 -217L460 -211Q460 -73 500 0L395 0L395 -3Q437 -77 437 -216L436 -217L417 -217L394 -174Q352 -109 290 -109Q199 -109 162 -211L158 -247L158 -270Q158 -359 249 -458Q403 -647 446 -727L448 -729L449 -729Z'),
}


def text_path(text: str, x: float, y: float, size: float, *, bold: bool = False, anchor: str = "start",
              spacing: float = 0.0) -> str:
    """``text`` as one ``<path>`` with its baseline at ``y``, like ``<text>`` at that place would be."""
    scale = size / 1000
    glyphs = [GLYPHS[(ch, bold)] for ch in text]
    width = sum(adv for adv, _d in glyphs) * scale + spacing * (len(glyphs) - 1)
    if anchor == "middle":
        x -= width / 2
    parts = []
    pen = 0.0
    for adv, d in glyphs:
        parts.append(f'<path transform="translate({x + pen:.2f} {y}) scale({scale:.4f})" d="{d}"/>')
        pen += adv * scale + spacing
    return "".join(parts)


def generate() -> dict[tuple[str, bool], tuple[int, str]]:
    """The outlines from DejaVu Sans through matplotlib (a developer's tool: the package does not need it)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path
    from matplotlib.textpath import TextPath, TextToPath

    out: dict[tuple[str, bool], tuple[int, str]] = {}
    for bold, chars in CHARS.items():
        prop = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal", size=1000)
        for ch in chars:
            path = TextPath((0, 0), ch, size=1000, prop=prop)
            width, _height, _descent = TextToPath().get_text_width_height_descent(ch, prop, ismath=False)
            cmds: list[str] = []
            verts = iter(path.vertices)
            for code in path.codes:
                if code == Path.STOP:
                    continue
                if code == Path.CLOSEPOLY:
                    next(verts)
                    cmds.append("Z")
                    continue
                vx, vy = next(verts)
                letter = {Path.MOVETO: "M", Path.LINETO: "L", Path.CURVE3: "Q", Path.CURVE4: "C"}[code]
                cmds.append(f"{letter}{round(vx)} {round(-vy)}")
            out[(ch, bold)] = (round(width), _join(cmds))
    return out


def _join(cmds: list[str]) -> str:
    # matplotlib gives a quadratic or cubic curve one vertex per code: merge them into SVG segments.
    out: list[str] = []
    i = 0
    while i < len(cmds):
        c = cmds[i]
        letter = c[0]
        if letter in "QC":
            k = 2 if letter == "Q" else 3
            pts = [cmds[i + j][1:] for j in range(k)]
            out.append(letter + " ".join(pts))
            i += k
        else:
            out.append(c)
            i += 1
    return "".join(out)


def source(glyphs: dict[tuple[str, bool], tuple[int, str]]) -> str:
    lines = ["GLYPHS: dict[tuple[str, bool], tuple[int, str]] = {"]
    for (ch, bold), (adv, d) in glyphs.items():
        lines.append(f"    ({ch!r}, {bold}): ({adv}, {d!r}),")
    lines.append("}")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a developer's tool
    sys.stdout.write(source(generate()) + "\n")
