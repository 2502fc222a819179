"""The lessons' stylesheet, shipped once per page in an HTML widget.

Result states carry a symbol and a word as well as a colour (✓ / ✗), so
nothing depends on telling colours apart. Narrow screens (phones) get
smaller gaps and full-width buttons.
"""

from __future__ import annotations

import ipywidgets as W

from mainmerah.draw.text import SANS, wrap_css

CSS = """
.mm-lessons { font-family: SANS; color: #1a1a1a; max-width: 980px; }
.mm-lessons p { margin: 4px 0 8px 0; line-height: 1.45; }
.mm-lesson-title h2 { margin: 4px 0 2px 0; font-size: 1.45em; }
.mm-intro { font-size: 1.02em; }
/* Tabs (the classroom's, the tutorial's Lessons | Puzzles): titles in full in every language (ipywidgets cuts
   a title at 144 px: "Simpan & putar ul…"); on a narrow screen they wrap onto a second row. */
.mm-tabs > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.mm-tabs > .lm-TabBar .lm-TabBar-tab { max-width: none !important; flex: 0 0 auto !important; }
.mm-card-row { display: flex; flex-flow: row wrap; gap: 6px; align-items: flex-start; margin: 4px 0; }
.mm-card-slot { display: flex; flex-direction: column; align-items: center; margin: 0; }
/* Card rows borrow the table's "mm-root" card styles, but size to their cards (no container sizing). */
.mm-lessons .mm-card-row.mm-root, .mm-lessons .mm-coach-stock.mm-root { --mm-w: 62px; max-width: none;
  width: auto; container-type: normal; }
.mm-lessons .mm-card-row.mm-root.mm-small { --mm-w: 44px; }
.mm-lessons .mm-root .jupyter-button.mm-card:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }
.mm-lessons .mm-root .jupyter-button.mm-card:disabled { cursor: default; }
.mm-card-slot.mm-wrong .jupyter-button.mm-card { opacity: 0.55; }
.mm-lessons .mm-card-row.mm-root { padding: 10px 10px 0 0; }
.mm-lessons .mm-coach-stock.mm-root { padding: 14px 12px 0 0; }
/* A card's line under it keeps its card's width (the text wraps instead), and a row of cards that reveal
   their points reserves two lines: nothing in the row moves when a card is answered. */
.mm-lessons .mm-root .mm-card-slot { width: var(--mm-w); }
.mm-badge { min-height: 1.3em; margin: 2px 0 0 0; width: 100%; text-align: center; }
.mm-badge-text { font-size: 12px; font-weight: 600; color: #333; white-space: normal; line-height: 1.15;
  overflow-wrap: anywhere; display: inline-block; }
.mm-hide-points .mm-badge { min-height: 2.4em; }
.mm-feedback { border-radius: 6px; padding: 8px 12px; margin: 6px 0; min-height: 1.2em; max-width: 760px; }
.mm-feedback.mm-fb-good { background: #e8f5e9; border-left: 5px solid #2e7d32; }
.mm-feedback.mm-fb-bad { background: #fff3e0; border-left: 5px solid #c62828; }
.mm-feedback.mm-fb-info { background: #e3f2fd; border-left: 5px solid #1565c0; }
.mm-feedback.mm-fb-quiet { display: none; }
/* the classroom's page message (welcome back, started over) has its place kept: the tabs under it never move */
.mm-feedback.mm-class-kept { min-height: 2.6em; }
.mm-feedback.mm-class-kept.mm-fb-quiet { display: block; visibility: hidden; }
.mm-task { border: 1px solid #d0d7de; border-radius: 8px; padding: 8px 12px; margin: 8px 0; background: #fff; }
.mm-task.mm-solved { border-color: #2e7d32; }
.mm-task-head { font-weight: 700; margin-bottom: 4px; }
.mm-outro { background: #f6f8fa; border-radius: 8px; padding: 8px 12px; margin: 8px 0; }
/* The map of lessons: one tile per lesson (title, then its stars and tasks done), any lesson a click away. */
.mm-map-title { margin: 6px 0 0 0; }
.mm-progress.mm-map { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 6px;
  margin: 4px 0 8px 0; }
.mm-lessons .mm-progress .widget-button.mm-progress-step { width: auto; height: auto; min-height: 52px; margin: 0;
  white-space: pre-line; text-align: left; line-height: 1.35; padding: 6px 10px; overflow: visible; }
.mm-progress .mm-current { outline: 3px solid #0d47a1; font-weight: 700; }
.mm-stars { color: #7a5600; letter-spacing: 1px; white-space: nowrap; }
.mm-lesson-header { display: flex; flex-flow: row wrap; align-items: baseline; gap: 2px 14px; }
.mm-lesson-stars .mm-stars { font-size: 1.15em; }
.mm-ladder { display: flex; flex-flow: row wrap; gap: 10px; align-items: center; margin: 2px 0 4px 0; }
.mm-stars-note { color: #555; font-size: 0.9em; }
.mm-hint-text { background: #f3e5f5; border-left: 5px solid #6a1b9a; border-radius: 6px; padding: 4px 12px;
  margin: 4px 0; max-width: 760px; }
.mm-hint-text p { margin: 3px 0; }
.mm-lessons .jupyter-button.mm-hinted { outline: 3px dashed #6a1b9a; outline-offset: 2px; }
.mm-lesson-end { background: #fffde7; border-radius: 8px; padding: 6px 12px; margin: 8px 0; }
.mm-lesson-end a, .mm-end-play { font-weight: 700; color: #8e1212; font-size: 1.05em; }
.mm-loading p { color: #333; font-size: 1.1em; padding: 20px 4px; }
.mm-kept-note p { background: #e3f2fd; border-left: 5px solid #1565c0; border-radius: 6px; padding: 6px 12px;
  margin: 4px 0; max-width: 760px; }
.mm-confirm { display: flex; flex-flow: row wrap; gap: 8px; align-items: center; }
.mm-coach-ask { display: flex; flex-flow: row wrap; gap: 8px 14px; align-items: center; min-height: 48px; }
.mm-coach-ask .mm-coach-prompt { flex: 1 1 320px; margin: 4px 0; }
.mm-coach-in-play { min-width: 76px; }
.mm-stock-empty .jupyter-button.mm-card { visibility: hidden; }
.mm-progress-text { color: #333; font-weight: 600; }
.mm-nav { display: flex; flex-flow: row wrap; gap: 8px; margin: 10px 0; align-items: center; }
.mm-nav .widget-button { min-width: 120px; }
.mm-label { font-weight: 600; color: #333; margin: 6px 0 2px 0; }
.mm-zone { display: flex; flex-flow: row wrap; gap: 14px; align-items: flex-start; }
.mm-story { font-size: 0.95em; max-height: 260px; overflow-y: auto; background: #fafafa; border-radius: 6px;
  padding: 4px 10px; margin: 6px 0; }
.mm-story p { margin: 2px 0; }
.mm-coach-prompt { background: #fff8e1; border-left: 5px solid #e6a100; border-radius: 6px; padding: 6px 12px;
  margin: 6px 0; font-size: 1.05em; }
.mm-coach-prompt p { margin: 2px 0; }
.mm-empty { color: #555; font-style: italic; }
/* Number answers: 16 px text (phones do not zoom in) and tall enough to hit with a thumb. */
.mm-lessons .mm-answer input { font-size: 16px; height: 44px; }
.mm-lessons .mm-answer { height: 44px; }
.mm-lessons .mm-answer-row { align-items: center; gap: 8px; }
.mm-lessons .jupyter-button:not(.mm-card) { min-height: 40px; height: auto; white-space: normal; }
.mm-lessons .mm-check { min-width: 88px; }
.mm-code { font-family: "DejaVu Sans Mono", monospace; font-size: 1.1em; letter-spacing: 0.04em; }
.mm-lessons .widget-textarea textarea { font-family: "DejaVu Sans Mono", monospace; }
.mm-links-row { display: flex; flex-wrap: wrap; gap: 6px 22px; align-items: baseline; margin: 2px 0 4px; }
.mm-page-links a { font-weight: 600; font-size: 1.05em; color: #8e1212; }
.mm-page-links a:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }
.mm-page-note p { background: #fff3e0; border-left: 5px solid #c62828; border-radius: 6px; padding: 6px 12px;
  margin: 4px 0; max-width: 760px; }
@media (max-width: 600px) {
  /* the position editor's boxes: the label above its box on a phone, so neither is cut off */
  :is([class*="mm-editor-hand"], .mm-editor-table, .mm-editor-stock).widget-text { flex-wrap: wrap; }
  :is([class*="mm-editor-hand"], .mm-editor-table, .mm-editor-stock).widget-text > label.widget-label {
    width: 100% !important; text-align: left; margin-bottom: 2px; }
  :is([class*="mm-editor-hand"], .mm-editor-table, .mm-editor-stock).widget-text > input {
    min-width: 0; width: 100%; flex: 1 1 100%; }
  .mm-lessons { font-size: 15px; }
  .mm-task { padding: 6px 6px; }
  .mm-nav .widget-button { min-width: 90px; }
  .mm-card-row { gap: 3px; }
  .mm-lessons .mm-card-row.mm-root, .mm-lessons .mm-coach-stock.mm-root { --mm-w: 48px; padding-right: 6px; }
  .mm-lessons .mm-card-row.mm-root.mm-small { --mm-w: 38px; }
  .mm-progress.mm-map { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .mm-lessons .mm-tabs.widget-tab > .widget-tab-contents { padding: 8px 4px; }  /* the cards need the room more */
  .mm-lessons .mm-progress .widget-button.mm-progress-step { padding: 4px 6px; font-size: 13px; }
}
""".replace("SANS", SANS) + wrap_css(".mm-lessons")


def style_widget() -> W.Box:
    """The lessons' stylesheet and the table's (which draws the card buttons); put it once on the page."""
    from mainmerah.table.style import style_widget as table_style

    w = W.HTML(f"<style>{CSS}</style>", layout=W.Layout(display="none"))
    w.add_class("mm-style")
    box = W.Box([table_style(), w], layout=W.Layout(display="none"))
    return box
