"""The readers remember their readings (memo.py): the same text gives the same reading, read once; anything but a
text is read afresh and refused as before, never an error of the cache."""
from transformer_demo.tasks.math.answer import read_exactly
from transformer_demo.tasks.math.equation import read_equation
from transformer_demo.tasks.math.families import parse_question
from transformer_demo.tasks.math.memo import of_text
from transformer_demo.tasks.math.quantities import read_quantities


def test_a_reader_reads_each_text_once_and_gives_its_reading_again():
    calls = []

    @of_text
    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert shout("x - 150 = 275") == shout("x - 150 = 275") == "X - 150 = 275"
    assert shout("12 squared") == "12 SQUARED" and calls == ["x - 150 = 275", "12 squared"]


def test_the_remembered_readers_give_the_same_reading_as_a_first_reading():
    question = "window is 120cm by 90cm, whats the area in square cm"
    assert read_exactly(question) is read_exactly(question) and read_exactly(question).program == "120 * 90"
    assert parse_question("What is 15% of 240?") is parse_question("What is 15% of 240?")
    assert read_equation("Solve for x: x - 150 = 275").solution == 425
    assert read_quantities("38 pages a minute for 12 minutes") is read_quantities("38 pages a minute for 12 minutes")


def test_what_is_no_text_is_read_afresh_and_refused_without_an_error():
    for hostile in (["x - 150 = 275"], {"q": 1}, None, 12):
        assert read_equation(hostile) is None and read_exactly(hostile) is None
