"""Interactive lessons (ipywidgets): the tutorial and the classroom tools.

The engine never imports this package; it needs ``ipywidgets``.
"""

from .lesson import ActionTask, ChoiceTask, Feedback, Lesson, NumberTask, PickTask, Task, WidgetTask
from .tutorial import LessonSpec, Tutorial

__all__ = [
    "ActionTask", "ChoiceTask", "Feedback", "Lesson", "LessonSpec", "NumberTask", "PickTask", "Task", "Tutorial",
    "WidgetTask",
]
