"""A lesson at the terminal table: the table's own layout (tui/table.py) with the lesson's
narration above it. The learner picks cards and presses move buttons as at a match; the lesson
(session/lessons.py) takes the move or says why not. Then the closing questions, each choice a
button. Everything drawn is the learner's own view."""

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from parlor.core.words import N_, from_data, say
from parlor.session.lessons import LessonRun, Question
from parlor.session.rules_text import CARD_MARK

from .dialogs import ChoiceDialog
from .model import Moves, group_moves
from .table import HAND_KEYS, TABLE_CSS, HandScreen, compose_table, draw_table, show_log
from .widgets import HandView, codes_coloured

# the lesson's reply to a move (its why, the rules' reason) is two or three lines at 80 columns:
# the status wraps; a narration longer than its box scrolls
LESSON_CSS = TABLE_CSS + """
#say-box { height: auto; max-height: 9; border: round $accent; }
#say { padding: 0 1; }
#status { height: auto; max-height: 4; }
"""


class PracticeScreen(HandScreen):
    """A scripted position at the table (a lesson, a practice position): the table's layout with
    a line of narration under its head; q leaves it, back to the match it was opened over."""

    def __init__(self, over_table: bool) -> None:
        super().__init__()
        self.over_table = over_table  # opened from a match: q goes back to it

    def compose(self) -> ComposeResult:
        yield from compose_table(moves=True)

    async def on_mount(self) -> None:
        # the narration under the head
        await self.mount(VerticalScroll(Static(id="say"), id="say-box"), after=self.query_one("#head"))
        self.query_one(HandView).focus()
        self.redraw()

    def redraw(self) -> None:
        raise NotImplementedError

    def narrate(self, text: Text) -> None:
        """Show `text` in the narration box, from its top."""
        self.query_one("#say", Static).update(text)
        self.query_one("#say-box", VerticalScroll).scroll_home(animate=False)

    def try_move(self, text: str) -> None:
        raise NotImplementedError

    def action_leave(self) -> None:
        if self.over_table:
            self.app.pop_screen()
        else:
            self.app.exit()

    def on_hand_view_chosen(self, event: HandView.Chosen) -> None:
        actions = self.moves.by_card.get(event.code, [])
        if len(actions) > 1:  # a joker led: which way
            def done(choice: str | None) -> None:
                if choice:
                    self.try_move(choice)
            self.app.push_screen(ChoiceDialog(say("{card}: which move?", card=event.code), actions), done)
            return
        self.try_move(actions[0] if actions else event.code)  # a card with no move: the rules say why


class LessonScreen(PracticeScreen):
    CSS = LESSON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", N_("next step")),
        Binding("q", "leave", N_("leave")),
        *HAND_KEYS,
    ]

    def __init__(self, run: LessonRun, over_table: bool = False) -> None:
        super().__init__(over_table)
        self.run = run
        self.question = 0  # the closing question in play, once the steps are done
        self.reply = ""  # what the lesson said of the last thing tried

    def said(self, text: str) -> Text:
        """A sentence of the lesson, its card markers as the table's coloured card codes."""
        rules = self.run.match.rules
        return codes_coloured(rules.id, CARD_MARK.sub(r"\1", from_data(text)), rules.deck)

    # --- drawing
    def redraw(self) -> None:
        run, lesson = self.run, self.run.lesson
        rules, seat = run.match.rules, lesson.seat
        view = run.view()
        step = run.step
        asks = step is not None and bool(step.moves)
        self.moves = group_moves(view["legal"], view["hand"], rules.deck) if asks else Moves({}, [], {}, [])
        head = Text(f" {rules.title} ", style="bold reverse")
        where = (say("step {number} of {total}", number=run.index + 1, total=len(lesson.steps)) if step
                 else say("question {number} of {total}", number=self.question + 1, total=len(lesson.questions))
                 if self.question < len(lesson.questions) else say("done"))
        head.append(say("  lesson {number}: {title}  ·  {where}", number=lesson.number,
                        title=from_data(lesson.title), where=where))
        self.query_one("#head", Static).update(head)
        question = self._question()
        text = (self.said(step.say) if step is not None
                else self.said(say("Question: {ask}", ask=question.ask)) if question is not None
                else Text(say("Lesson {number} is done. Press q to leave.", number=lesson.number)))
        self.narrate(text)
        draw_table(self, run.session.words, view, run.match.scores, seat)
        roles = {c: run.session.words.card_role(view, c) for c in view["hand"]}
        # every card may be tried: the lesson says why one is not the card here
        self.query_one(HandView).show(rules.id, view["hand"], 0, set(view["hand"]) if asks else set(), roles, asks)
        show_log(self, [(run.session.words.move_words(view, s, move), "") for s, move in run.seen()[-60:]])
        self.query_one("#status", Static).update(Text(" ").append_text(self.said(self.reply)) if self.reply else
                                                 say(" Your move: a card or a button below.") if asks else
                                                 say(" Press n or the button for the next step.") if step else "")
        if step is None:
            wanted = [] if question is None else [self.said(c).plain for c in question.choices]
            kinds = [f"choice-{i}" for i in range(len(wanted))]
        elif asks:
            kinds = list(self.moves.buttons) + [a for acts in self.moves.groups.values() for a in acts]
            wanted = [run.session.words.action_words(view, a) for a in kinds]
        else:
            wanted, kinds = [say("Next")], ["next"]
        self.show_buttons(wanted, kinds)

    def _question(self) -> Question | None:
        questions = self.run.lesson.questions
        return questions[self.question] if self.run.step is None and self.question < len(questions) else None

    # --- what the learner does
    def try_move(self, text: str) -> None:
        reply = self.run.move(text)
        self.reply = "" if reply.taken else reply.text
        self.redraw()

    def answer(self, choice: int) -> None:
        question = self._question()
        if question is None:
            return
        right = choice == question.answer
        self.reply = (say("Right. {why}", why=question.explain) if right else
                      say("Not quite: the answer is {number}. {why}", number=question.answer + 1, why=question.explain))
        self.question += 1
        self.redraw()

    def action_next(self) -> None:
        if self.run.step is not None and not self.run.step.moves:
            self.run.next()
            self.reply = ""
            self.redraw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        kind = self.buttons.get(event.button.id or "")
        if kind is None:
            return
        event.stop()
        if kind == "next":
            self.action_next()
        elif kind.startswith("choice-"):
            self.answer(int(kind.split("-")[1]))
        else:
            self.try_move(kind)


class LessonApp(App):
    """The terminal table holding one lesson."""
    TITLE = "parlor"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, run: LessonRun) -> None:
        super().__init__()
        self.run_ = run

    def on_mount(self) -> None:
        self.push_screen(LessonScreen(self.run_))
