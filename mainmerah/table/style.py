"""The table's CSS, shipped in a ``<style>`` block inside an HTML widget.

Every widget gets ``mm-`` classes (``add_class``), the table's board
(drawn by ``static/board.js``) the same classes on its own elements, and this
sheet styles them, in Voila and JupyterLab alike. Card faces are the
package's own SVG as ``data:`` backgrounds, so a card button stays a single
``<button>`` whose classes say which card it shows and how it is highlighted;
changing a card never re-creates an element.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import ipywidgets as w

from mainmerah.core import registry
from mainmerah.core.cards import PACK, Card
from mainmerah.core.cards import PACK_WITH_JOKERS as DECK
from mainmerah.draw.svg import card_data_uri
from mainmerah.draw.text import SANS, wrap_css
from mainmerah.table.a11y import CSS as A11Y_CSS
from mainmerah.table.a11y import script_html


def card_class(card: Card | None) -> str:
    """``mm-c-10H`` for a face, ``mm-back`` for a face-down card."""
    return "mm-back" if card is None else f"mm-c-{card.rank_text}{card.suit}"


BASE_CSS = """
.mm-root { --mm-w: 64px; --mm-tw: 56px; --mm-felt: #1d5535; --mm-felt-2: #17472c; --mm-gold: #ffca28;
  --mm-match: #4fc3f7; --mm-hint: #ce93d8; --mm-ink: #1b1b1b; --mm-muted: #555;
  container-type: inline-size; font-family: SANS;
  color: var(--mm-ink); max-width: 1240px; width: 100%; }
.mm-root .widget-box { overflow: visible; }
.mm-root .widget-html, .mm-root .widget-html-content { line-height: 1.4; height: auto; white-space: normal; }
.mm-root .widget-html-content { align-self: stretch; }
.mm-root .jupyter-widgets { margin: 0; }
.mm-root .mm-hidden { display: none !important; }
.mm-root .mm-idle { visibility: hidden !important; }
.mm-root .mm-sr-only { position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: 0; padding: 0; }

/* header */
.mm-header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; padding: 6px 4px 10px; }
.mm-title { font-size: 1.45em; font-weight: 800; letter-spacing: .01em; color: #8e1b1b; }
.mm-title .mm-logo { display: inline-block; transform: rotate(45deg); width: .62em; height: .62em;
  background: #b71c1c; margin-right: .35em; border-radius: 2px; vertical-align: .05em; }
.mm-info { color: var(--mm-muted); font-size: .92em; }
.mm-status { margin-left: auto; padding: 4px 12px; border-radius: 999px; background: #eceff1; font-weight: 600; }
.mm-status.mm-yourturn { background: #fff3c4; color: #5d4300; }
.mm-status.mm-over { background: #e3f2e6; color: #1b5e20; }
.mm-links { display: inline-flex; flex-wrap: wrap; gap: 4px 16px; }
.mm-links a { color: #0d47a1; }

/* layout: the heading; the board and, beside it (below it when narrow), options, story and controls.
   The board model's element (mm-view) lends its pieces to this grid (display: contents). */
.mm-body { display: grid !important; grid-template-columns: minmax(0, 1fr) 320px; gap: 10px 12px;
  grid-template-areas: "head head" "board opts" "board story" "board side";
  grid-template-rows: auto auto auto 1fr; align-items: start; }
.mm-body > .mm-view { display: contents; }
.mm-body .mm-header-box { grid-area: head; min-width: 0; }
.mm-body .mm-board { grid-area: board; }
.mm-body .mm-panel { grid-area: story; min-width: 0; }
.mm-body > .mm-table-options { grid-area: opts; min-width: 0; }
.mm-body > .mm-side { grid-area: side; }
/* What you click next keeps its place on the screen: when a row above the prompt changes height (a hand
   that gains or loses a row of cards, a longer hand label, a deal's result), the page scrolls with it.
   The browser keeps its scroll anchor in place; the rows above the prompt are never chosen as one. */
.mm-body .mm-header-box, .mm-board > :is(.mm-opps, .mm-level-note, .mm-middle, .mm-gameover, .mm-you) {
  overflow-anchor: none; }
.mm-board { background: radial-gradient(ellipse at 50% 40%, var(--mm-felt), var(--mm-felt-2));
  border-radius: 14px; padding: 10px 12px 12px; color: #fff; min-width: 0;
  display: flex; flex-direction: column; gap: 10px; box-shadow: inset 0 0 0 3px #0f3a22; }
.mm-side { gap: 10px; min-width: 0; }
.mm-opp, .mm-you, .mm-tablecol, .mm-gameover, .mm-panel { display: flex; flex-direction: column; }
.mm-tablecol { min-width: 0; }
/* card buttons */
.mm-root .jupyter-button.mm-card { width: var(--mm-w); height: calc(var(--mm-w) * 1.4); min-width: 0;
  padding: 0; margin: 0; border: 0; border-radius: calc(var(--mm-w) * .09); flex: 0 0 auto;
  background-color: #fff; background-position: center; background-size: 100% 100%;
  background-repeat: no-repeat; color: transparent; font-size: 1px; line-height: 1px;
  box-shadow: 0 2px 4px rgba(0,0,0,.45);
  position: relative; overflow: visible; cursor: pointer; opacity: 1; }
.mm-root .mm-tablecards .jupyter-button.mm-card { width: var(--mm-tw); height: calc(var(--mm-tw) * 1.4);
  border-radius: calc(var(--mm-tw) * .09); }
.mm-root .jupyter-button.mm-card:hover:enabled { box-shadow: 0 4px 10px rgba(0,0,0,.5); }
.mm-root .jupyter-button.mm-card:focus-visible { outline: 3px solid #fff; outline-offset: 3px; }
.mm-root .jupyter-button.mm-card.mm-empty { display: none; }
.mm-root .jupyter-button.mm-card.mm-selected { transform: translateY(-12px);
  box-shadow: 0 0 0 4px var(--mm-gold), 0 8px 14px rgba(0,0,0,.5); }
.mm-root .jupyter-button.mm-card.mm-match,
.mm-root .jupyter-button.mm-card.mm-choice { box-shadow: 0 0 0 4px var(--mm-match), 0 0 14px 4px rgba(79,195,247,.75); }
.mm-root .jupyter-button.mm-card.mm-hint { box-shadow: 0 0 0 4px var(--mm-hint), 0 0 14px 4px rgba(206,147,216,.8); }
.mm-root .jupyter-button.mm-card.mm-new { box-shadow: 0 0 0 3px #fff, 0 2px 6px rgba(0,0,0,.5); }
.mm-root .jupyter-button.mm-card.mm-match::after, .mm-root .jupyter-button.mm-card.mm-choice::after,
.mm-root .jupyter-button.mm-card.mm-hint::after, .mm-root .jupyter-button.mm-card.mm-selected::after {
  position: absolute; top: -9px; right: -9px; width: 22px; height: 22px; border-radius: 50%;
  font: 700 14px/22px system-ui, sans-serif; text-align: center; color: #10263a; }
.mm-root .jupyter-button.mm-card.mm-match::after, .mm-root .jupyter-button.mm-card.mm-choice::after {
  content: "\\2713"; background: var(--mm-match); }
.mm-root .jupyter-button.mm-card.mm-hint::after { content: "\\2605"; background: var(--mm-hint); }
.mm-root .jupyter-button.mm-card.mm-selected::after { content: "\\25B2"; background: var(--mm-gold); font-size: 11px; }
.mm-root .mm-hand.mm-wait .jupyter-button.mm-card { cursor: default; filter: brightness(.9); }
.mm-root .mm-tablecards .jupyter-button.mm-card { cursor: default; }
.mm-root .mm-tablecards .jupyter-button.mm-card.mm-choice,
.mm-root .mm-tablecards .jupyter-button.mm-card.mm-match { cursor: pointer; }

/* the board's areas */
.mm-opps { display: flex; flex-wrap: wrap; gap: 8px; }
.mm-opp { flex: 1 1 170px; background: rgba(0,0,0,.18); border-radius: 10px; padding: 6px 8px; gap: 4px; min-width: 0; }
.mm-opp.mm-turn, .mm-you.mm-turn { box-shadow: 0 0 0 2px var(--mm-gold); }
.mm-opp-body .mm-pile { margin-top: 4px; }
.mm-opp-head { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.mm-name { font-weight: 700; font-size: 1.05em; }
.mm-score { font-weight: 800; color: var(--mm-gold); }
.mm-sub { font-size: .86em; opacity: .9; }
.mm-level select { font-size: .9em; padding: 2px 4px; border-radius: 6px; min-height: 32px; }
.mm-row-label { font-size: .8em; text-transform: uppercase; letter-spacing: .08em; opacity: .85; margin-bottom: 2px; }
.mm-middle { display: grid !important; grid-template-columns: auto minmax(0, 1fr); gap: 10px; align-items: start; }
.mm-stockcol { gap: 8px; align-items: center; }
.mm-tablecards { display: flex; flex-wrap: wrap; gap: 7px; min-height: calc(var(--mm-tw) * 1.4 + 6px);
  align-content: flex-start; padding-top: 6px; }
/* The last move: room for a row of it (a step is one play or one flip) kept empty or full, so the hand
   below never moves. */
.mm-action { min-height: 74px; display: flex; flex-direction: column; gap: 4px; }
.mm-board.mm-over .mm-action { min-height: 0; }
/* A game whose step tells several rows (a round's end, a deal's scores) keeps a band of two rows that scrolls
   past them, so the hand and the buttons below never drop when a longer step is told. */
.mm-action.mm-band { height: 132px; min-height: 0; overflow-y: auto; }
.mm-air { display: flex; align-items: center; gap: 8px; flex-wrap: nowrap; background: rgba(0,0,0,.22);
  border-radius: 8px; padding: 6px 8px; min-height: 62px; }
.mm-air > span:last-child { flex: 1 1 0; min-width: 0; }
/* A band of facts (a climbing game's table: the play to beat, then who passed, the places, the teams): the
   row that may hold cards keeps its height, the others are lines of text; room is kept for the row and three
   lines, so the hand below stays put while the round goes on, and the buttons stay in view at 1280x800. */
.mm-action.mm-lines { gap: 2px; min-height: calc(62px + 3 * 1.4em + 16px); }
.mm-lines > .mm-air { padding: 3px 8px; min-height: 0; }
.mm-lines > .mm-air:first-child { min-height: 62px; }
.mm-lines > .mm-air:not(:first-child) { background: none; }
.mm-board.mm-over .mm-action.mm-lines { min-height: 0; }
.mm-air .mm-arrow { font-size: 1.4em; }
.mm-you { background: rgba(0,0,0,.18); border-radius: 10px; padding: 6px 8px; gap: 6px; }
.mm-hand { display: flex; flex-wrap: wrap; gap: 8px; padding-top: 14px; min-height: calc(var(--mm-w) * 1.4 + 14px); }
.mm-board.mm-over .mm-tablecards, .mm-board.mm-over .mm-hand { min-height: 0; padding-top: 0; }
.mm-root .mm-mini { display: inline-block; vertical-align: middle; background-color: #fff;
  background-size: 100% 100%; background-repeat: no-repeat; border-radius: 3px; box-shadow: 0 1px 2px rgba(0,0,0,.5); }
.mm-mini-xs { width: 18px; height: 25px; }
.mm-mini-s { width: 28px; height: 39px; }
.mm-mini-m { width: 44px; height: 62px; border-radius: 5px; }
.mm-fan { display: inline-flex; flex-wrap: wrap; align-items: center; row-gap: 4px; gap: 3px; }
.mm-fan.mm-tight { gap: 0; row-gap: 4px; }
.mm-fan.mm-tight .mm-mini-s + .mm-mini-s { margin-left: -13px; }
/* A capture pile stays one line however it grows: its cards close up to fit the room (--mm-n: how many). */
.mm-pilebox { flex-wrap: nowrap; }
.mm-pilebox > .mm-fan { flex: 1 1 0; min-width: 0; flex-wrap: nowrap; overflow: hidden; container-type: inline-size; }
.mm-pilebox > .mm-fan.mm-tight .mm-mini-s + .mm-mini-s {
  margin-left: clamp(-24px, calc((100cqw - 28px) / max(var(--mm-n, 1) - 1, 1) - 28px), -13px); }
.mm-fan.mm-tight .mm-mini-xs + .mm-mini-xs { margin-left: -10px; }
.mm-backs { display: inline-flex; align-items: center; gap: 6px; font-size: 1.15em; }
.mm-handbacks { display: inline-flex; align-items: center; gap: 8px; }
.mm-handbacks .mm-fan { flex-wrap: nowrap; flex: none; }
/* Rows keep their height whether they hold cards or a line of text: a step never moves what is below. */
.mm-pilebox { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; min-height: 39px; }
.mm-opp-hand { min-height: 28px; display: flex; align-items: center; }
.mm-none { font-style: italic; opacity: .8; }
/* Two lines kept (four on a phone): a longer hint or message does not push the buttons below it. */
.mm-prompt { background: #fffdf3; color: var(--mm-ink); border-radius: 8px; padding: 8px 10px;
  border-left: 5px solid var(--mm-gold); min-height: 2.8em; line-height: 1.4; }
.mm-prompt.mm-error { border-left-color: #c62828; background: #fff1f0; }
.mm-prompt b { white-space: nowrap; }
.mm-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.mm-root .mm-actions .jupyter-button, .mm-root .mm-controls .jupyter-button { height: 36px; border-radius: 8px;
  font-weight: 600; padding: 0 14px; width: auto; }
.mm-root .mm-actions .jupyter-button:is(.mm-play, .mm-rt-play, .mm-next-deal) { background: var(--mm-gold);
  color: #3a2a00; }
.mm-root .mm-actions .jupyter-button.mm-next { background: #e3f2fd; color: #0d3c61; }
/* Disabled looks it: grey, not a faded gold that still reads as "press me". */
.mm-root .mm-actions .jupyter-button:disabled, .mm-root .mm-controls .jupyter-button:disabled {
  background: #cfd8dc !important; color: #546e7a !important; opacity: 1; cursor: not-allowed;
  box-shadow: none; outline: 1px dashed #78909c; outline-offset: -4px; }
/* The main buttons keep one width whatever they name ("Play" or "Play 10♥"): Hint and Undo stay put. */
.mm-root .mm-actions .jupyter-button:is(.mm-play, .mm-discard) { min-width: 9.5em; }
.mm-root .mm-actions .jupyter-button.mm-rt-play { width: 12em; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.mm-root .mm-actions .jupyter-button.mm-hint { background: #f3e5f5; color: #4a148c; }
.mm-entry { max-width: 100%; }
.mm-entry input { height: 36px; width: min(100%, calc(var(--mm-ph, 14) * 1ch + 24px)); box-sizing: border-box;
  border-radius: 8px; border: 1px solid #9e9e9e;
  padding: 0 8px; font: inherit; background: #fff; color: var(--mm-ink); }

/* story panel */
/* A fixed height: the story's last step grows and shrinks inside it (the log takes what is left), so
   the controls below never move when a step is told (and are not laid out and painted again). */
.mm-panel { background: #fff; border: 1px solid #dcdcdc; border-radius: 12px; padding: 8px 10px; gap: 6px;
  height: 380px; box-sizing: border-box; }
.mm-h { font-weight: 700; font-size: .8em; text-transform: uppercase; letter-spacing: .08em; color: #5f5f5f; }
.mm-latest { font-size: 1.02em; flex: none; max-height: 55%; overflow-y: auto; }
.mm-latest ul { margin: 0; padding-left: 1.1em; }
.mm-log ol { margin: 0; padding-left: 2.4em; }
.mm-latest li { margin: 2px 0; }
/* The log reads from the top (its first line whole, no empty band above it); the page keeps the newest in view. */
.mm-log { flex: 1 1 0; min-height: 0; overflow-y: auto; display: block;
  font-size: .9em; border-top: 1px solid #eee; padding-top: 4px; }
.mm-log li { margin: 1px 0; color: #333; }
.mm-ev-capture { color: #1b5e20 !important; }
.mm-ev-redeal { color: #8a4b00 !important; }
.mm-ev-deal, .mm-ev-end { font-weight: 600; }
.mm-new-ev { background: #fff8d6; }

/* pass and play: the pass screen covers the whole board (nothing under it moves when it goes) */
.mm-board { position: relative; }
.mm-pass { position: absolute; inset: 0; z-index: 5; border-radius: 14px; display: flex; justify-content: center;
  align-items: flex-start; padding: 24px 12px; background: var(--mm-felt-2); }
.mm-pass.mm-hidden { display: none; }
.mm-pass-box { position: sticky; top: 12px; background: #fff; color: var(--mm-ink); border-radius: 12px;
  padding: 16px 18px; max-width: 30em; box-shadow: 0 0 0 3px var(--mm-gold); display: flex; flex-direction: column;
  gap: 10px; }
.mm-root .mm-pass-title { font-size: 1.4em; font-weight: 800; margin: 0; color: #1b5e20; }
.mm-pass-text { margin: 0; line-height: 1.4; }
.mm-root .mm-pass .jupyter-button.mm-reveal { font-size: 1.1em; font-weight: 700; min-height: 44px; height: auto;
  white-space: normal; padding: 8px 14px; }
.mm-root .mm-pass .jupyter-button.mm-reveal:focus-visible { outline: 3px solid var(--mm-gold); outline-offset: 2px; }

/* game over */
.mm-gameover { background: #fff; color: var(--mm-ink); border-radius: 12px; padding: 10px 12px; gap: 8px;
  box-shadow: 0 0 0 3px var(--mm-gold); }
.mm-winner { font-size: 1.35em; font-weight: 800; color: #1b5e20; }
.mm-seatscore { border-top: 1px solid #eee; padding-top: 6px; margin-top: 6px; }
.mm-seatscore .mm-sum { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .88em;
  color: #333; word-break: break-word; }
.mm-stranded { background: #fff4e5; border-radius: 8px; padding: 6px 8px; margin-top: 6px; }

/* controls and score sheet */
.mm-controls { background: #fff; border: 1px solid #dcdcdc; border-radius: 12px; padding: 8px 10px; gap: 8px; }
/* Review this game (table/review.py): a box like the controls, its start button gold, each moment apart. */
.mm-review { background: #fff; border: 1px solid #dcdcdc; border-radius: 12px; padding: 8px 10px; gap: 6px;
  border-left: 5px solid var(--mm-gold); }
.mm-root .mm-review .jupyter-button { height: 36px; border-radius: 8px; font-weight: 600; padding: 0 14px;
  width: auto; align-self: flex-start; }
.mm-root .mm-review .mm-review-start { background: var(--mm-gold); color: #3a2a00; }
.mm-review-moment { border-top: 1px solid #eee; padding-top: 6px; }
.mm-review-people { flex-wrap: wrap; gap: 6px; }
.mm-review p { margin: 0 0 4px; line-height: 1.4; }
.mm-ctlrow { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.mm-root .mm-ctlrow .widget-dropdown, .mm-root .mm-ctlrow .widget-text, .mm-root .mm-ctlrow .widget-toggle-buttons {
  width: auto; }
.mm-root .mm-ctlrow .widget-dropdown select { min-width: 7em; }
.mm-root .mm-seed input { width: 10.5em; }
.mm-root .mm-players .widget-toggle-button { width: 3em; }
.mm-sheet table { border-collapse: collapse; width: 100%; font-size: .9em; }
.mm-sheet th, .mm-sheet td { border-bottom: 1px solid #eee; padding: 3px 6px; text-align: right; }
.mm-sheet th:first-child, .mm-sheet td:first-child { text-align: left; }
.mm-sheet tfoot td { font-weight: 800; border-top: 2px solid #999; }
.mm-save textarea { font-family: ui-monospace, monospace; font-size: 12px; min-height: 8em; }

/* piles side by side (In The Red's stacks) */
.mm-stacks { display: flex; flex-wrap: wrap; gap: 8px; padding-top: 4px; }
.mm-stack { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 4px 6px 6px;
  border-radius: 10px; background: rgba(0,0,0,.18); border: 2px solid transparent; min-width: 0;
  flex: 0 1 auto; max-width: calc(var(--mm-tw) * 2.6); }
.mm-stack.mm-inred { border-color: #ff6b6b; background: rgba(183,28,28,.45); }
.mm-stack-head { display: flex; flex-direction: column; align-items: center; line-height: 1.15; text-align: center;
  margin-bottom: 4px; max-width: 100%; }
.mm-stack-head .mm-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; }
.mm-stack-head .mm-name { font-size: .9em; }
.mm-stack-tag { background: #d32f2f; color: #fff; border-radius: 6px; padding: 0 6px; font-size: .78em;
  font-weight: 800; text-transform: uppercase; letter-spacing: .04em; }
.mm-root .mm-stacks .jupyter-button.mm-card { width: var(--mm-tw); height: calc(var(--mm-tw) * 1.4);
  border-radius: calc(var(--mm-tw) * .09); }
.mm-stack-under { max-width: 100%; overflow: hidden; min-height: 25px; }
.mm-stack-tag.mm-untagged { background: none; }
.mm-stack .mm-sub { font-size: .75em; text-align: center; }
.mm-deals td, .mm-deals th { padding: 2px 8px; text-align: right; }

/* display options: targets of at least 32 px (44 on a phone), the four-colour deck's one line */
.mm-root .mm-options .widget-checkbox label.widget-label-basic { min-height: 32px; display: flex; align-items: center;
  gap: 6px;
  cursor: pointer; }
.mm-root .mm-options .widget-checkbox input { width: 22px; height: 22px; margin: 0; }
.mm-root .mm-options .widget-toggle-button { min-height: 36px; }
.mm-four-note { font-size: .82em; color: var(--mm-muted); flex: 1 1 100%; }
.mm-level-note { font-size: .8em; opacity: .85; margin-top: -4px; }

/* narrow screens (container queries: in JupyterLab the notebook, not the window, sets the width) */
@container (max-width: 820px) { .mm-body { grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "head" "opts" "board" "story" "side"; grid-template-rows: auto; } }
@container (max-width: 520px) {
  .mm-body { --mm-w: 52px; --mm-tw: 46px; }
  /* a phone: two rows of table cards kept, four lines of prompt, targets a thumb can hit (44 px) */
  .mm-tablecards { min-height: calc(2 * var(--mm-tw) * 1.4 + 13px); }
  /* four lines kept and never more (at 390 px the prompts of tables of up to four fit them in every language, as
     tests/browser/test_prompts_fit_browser.py plays them): a longer one scrolls inside, Undo and the rest stay put */
  .mm-prompt { min-height: 5.6em; height: 5.6em; overflow-y: auto; box-sizing: content-box; }
  /* below the board: as tall as its lines (no empty box), the log scrolling past a few */
  .mm-panel { height: auto; }
  .mm-log { flex: 0 1 auto; max-height: 260px; }
  .mm-root .mm-options .widget-checkbox label.widget-label-basic, .mm-root .mm-options .widget-toggle-button {
    min-height: 44px; }
  .mm-root .mm-actions .jupyter-button, .mm-root .mm-controls .jupyter-button, .mm-entry input,
  .mm-level select { min-height: 44px; height: 44px; }
  .mm-air .mm-mini-m { width: 32px; height: 45px; border-radius: 4px; }
  .mm-air { min-height: 45px; padding: 4px 6px; font-size: .92em; }
  .mm-action { min-height: 62px; }
  .mm-action.mm-band { height: 102px; min-height: 0; }
  .mm-action.mm-lines { min-height: calc(45px + 3 * 1.4em + 16px); }
  .mm-lines > .mm-air { padding: 2px 6px; }
  .mm-lines > .mm-air:first-child { min-height: 45px; }
  .mm-board { padding: 8px 6px; border-radius: 10px; }
  .mm-status { margin-left: 0; }
  .mm-middle { grid-template-columns: minmax(0, 1fr); gap: 4px; }
  .mm-stock .mm-row-label { display: inline; margin-right: 8px; }
  .mm-stock { display: flex; align-items: center; }
  .mm-stock .mm-mini-m { width: 30px; height: 42px; }
  .mm-actions .jupyter-button { padding: 0 10px; }
  /* two seats a row (four players: the three others in two rows, not three), so your hand stays near */
  .mm-opps { gap: 6px; }
  .mm-opp { flex-basis: 140px; padding: 5px 6px; }
  .mm-opp-head { gap: 4px 6px; }
  .mm-stacks { gap: 5px; }
  .mm-stack { padding: 3px 4px 4px; max-width: calc(var(--mm-tw) * 1.75); }
  .mm-stack-tag { font-size: .68em; padding: 0 3px; letter-spacing: 0; }
}

""".replace("SANS", SANS) + wrap_css(".mm-root")


@lru_cache(maxsize=2)
def cards_css(four_colour: bool = False) -> str:
    """One background rule per card face, plus the back: plain faces (a game's points come as an overlay,
    :func:`points_css`)."""
    rules = []
    for card in (None, *DECK):
        uri = card_data_uri(card, four_colour=four_colour)
        cls = card_class(card)
        rules.append(f'.mm-root .mm-card.{cls},.mm-root .mm-mini.{cls}{{background-image:url("{uri}")}}')
    return "\n".join(rules)


def points_css(scope: str, points: Sequence[int]) -> str:
    """The points overlay: the faces of the cards that score (``points``, by card index) with their badge,
    inside an element of class ``scope`` (``mm-game-<name>``: a table or a lesson page of a game whose
    ``GameUI.points`` gives them), in both decks. The base sheet draws every face plain; ``body`` and the
    scope's class outrank it and the four-colour sheet."""
    return _points_css(scope, tuple(points))


def game_points_css(game: str, players: int | None = None) -> str:
    """The points overlay of the registered ``game`` (its ``GameUI.points`` with ``players``, its default if
    None), scoped by ``mm-game-<game>``: a table's presenter and a game's lesson and puzzle pages use it;
    nothing for a game whose cards carry no points."""
    points = registry.card_points(game, players)
    return "" if points is None else points_css(f"mm-game-{game}", points)


@lru_cache(maxsize=16)
def _points_css(scope: str, points: tuple[int, ...]) -> str:
    from mainmerah.draw.svg import FOUR_COLOUR, TWO_COLOUR

    rules = []
    for card, value in zip(PACK, points, strict=False):
        if not value:
            continue  # no badge to draw
        cls = card_class(card)
        uri = card_data_uri(card, points=value)
        rules.append(f'body .{scope} .mm-card.{cls},body .{scope} .mm-mini.{cls}{{background-image:url("{uri}")}}')
        if FOUR_COLOUR[card.suit] != TWO_COLOUR[card.suit]:
            four = card_data_uri(card, four_colour=True, points=value)
            rules.append(f'body .mm-four.{scope} .mm-card.{cls},body .mm-four.{scope} .mm-mini.{cls},'
                         f'body .mm-four .{scope} .mm-card.{cls},body .mm-four .{scope} .mm-mini.{cls}'
                         f'{{background-image:url("{four}")}}')
    return "<style>" + "\n".join(rules) + "</style>" if rules else ""


def style_html(four_colour: bool = False) -> str:
    # The page script (widgets/a11y.py) ships with the sheet: every page that draws cards gets it once.
    return f"<style>{BASE_CSS}\n{A11Y_CSS}\n{cards_css(four_colour)}</style>{script_html()}"


def style_widget(four_colour: bool = False) -> w.HTML:
    """The sheet as an (invisible) HTML widget: a ``<style>`` applies wherever it sits."""
    sheet = w.HTML(style_html(four_colour), layout=w.Layout(display="none"))
    sheet.add_class("mm-style")
    return sheet
