"""The confidence notice on constructed cases: foreign scripts, emoji, German or French typed into an
English -> X model, unknown pieces, very long input, a low mean log-probability, and all-capital input."""

from __future__ import annotations

import math

import pytest

from transformer_demo.calibration import constructed_inputs, quantile, share_below
from transformer_demo.confidence import (
    LONG_SOURCE_WORDS,
    MIN_MEAN_LOG_PROB,
    Signals,
    guess_language,
    is_all_capitals,
    language_notice,
    log_prob_threshold,
    mean_log_prob,
    normalize_case,
    notices,
    output_mean_log_prob,
    rare_below,
    rare_notice,
    rare_words,
    script_notice,
    sentence_case,
    uncopied_counts,
)

SURE = Signals(n_source_pieces=8, n_unknown=0, mean_log_prob=-0.3)


def test_an_ordinary_sentence_gets_no_notice() -> None:
    for text in (
        "Two dogs are playing in the snow.",
        "Where is the train station?",
        "I'm hungry.",
        "Thank you very much.",
    ):
        assert notices(text, SURE, "en", "de") == []


@pytest.mark.parametrize(
    "text,name",
    [
        ("你好，你叫什么名字？", "Chinese or Japanese"),
        ("مرحبا كيف حالك", "Arabic"),
        ("Привет, как дела?", "Cyrillic"),
        ("こんにちは", "Japanese"),
        ("안녕하세요", "Korean"),
        ("Γεια σου κόσμε", "Greek"),
        ("Hello, 你好世界朋友们", "Chinese"),
    ],
)
def test_foreign_scripts_are_named(text: str, name: str) -> None:
    [notice] = notices(text, SURE, "en", "de")
    assert name in notice and "does not read" in notice


def test_a_few_foreign_letters_in_an_english_sentence_are_fine() -> None:
    assert script_notice("We ate at Café Ōsaka with Zoë and Björn.") is None
    assert script_notice("The word for water is 水 in Chinese.") is None


def test_emoji_without_words_have_nothing_to_translate() -> None:
    assert "emoji but no words" in script_notice("😀😀🎉")
    assert script_notice("I love pizza 🍕!") is None
    assert script_notice("12345 ...") is None  # no letters, no emoji: nothing to say about the script


@pytest.mark.parametrize(
    "text,lang",
    [
        ("Ich habe heute keine Zeit.", "de"),
        ("Wo ist der Bahnhof?", "de"),
        ("Danke schön!", "de"),
        ("Zwei Hunde spielen im Schnee.", "de"),
        ("Je ne sais pas où est la gare.", "fr"),
        ("Merci beaucoup !", "fr"),
        ("Deux chiens jouent dans la neige.", "fr"),
    ],
)
def test_german_and_french_typed_into_an_english_model_are_named(text: str, lang: str) -> None:
    assert guess_language(text)[0] == lang
    notice_de = language_notice(text, "en", "de")
    name = {"de": "German", "fr": "French"}[lang]
    assert notice_de is not None and f"looks like {name}" in notice_de
    assert ("already" in notice_de) == (lang == "de")  # the model's own target language is said to be so


@pytest.mark.parametrize(
    "text",
    [
        "The hat is red.",
        "Die Hard is a film.",
        "We had a fine café au lait in Paris.",
        "Tom was here.",
        "A man in a blue shirt is standing on a ladder.",
        "Hello!",
        "Go.",
        "Kindergarten",
    ],
)
def test_english_with_borrowed_words_is_not_flagged(text: str) -> None:
    assert language_notice(text, "en", "de") is None
    assert language_notice(text, "en", "fr") is None


def test_no_language_check_for_a_source_language_without_a_word_list() -> None:
    assert language_notice("Ich habe heute keine Zeit.", "cs", "en") is None


def test_many_unknown_pieces_are_reported() -> None:
    text = "The ✈ ✈ ✈ is here."
    assert notices(text, Signals(8, 1, -0.3), "en", "de") == []
    [notice] = notices(text, Signals(8, 3, -0.3), "en", "de")
    assert notice.startswith("3 of the 8 pieces of this input are unknown")


def test_a_sentence_far_beyond_the_training_length_is_reported() -> None:
    short = " ".join(["word"] * LONG_SOURCE_WORDS) + "."
    assert notices(short, SURE, "en", "de") == []
    [notice] = notices(short + " And more.", SURE, "en", "de")
    assert f"{LONG_SOURCE_WORDS + 2} words" in notice and "shorter sentences" in notice


def test_low_mean_log_probability_is_reported_below_the_threshold_only() -> None:
    text = "Thank you very much."
    assert notices(text, Signals(6, 0, -1.0), "en", "de", min_mean_log_prob=-1.2) == []
    [notice] = notices(text, Signals(6, 0, -1.3), "en", "de", min_mean_log_prob=-1.2)
    assert "unsure" in notice and "-1.30" in notice and "-1.20" in notice
    assert notices(text, Signals(6, 0, None), "en", "de") == []  # no output score: no log-prob check


COUNTS = {"my": 900, "sister": 300, "has": 5000, "lived": 80, "in": 9000, "the": 20000, "near": 60, "fireman": 2,
          "and": 9000, "a": 20000, "bakery": 14, "croissant": 1}


def test_rare_words_are_those_training_held_too_rarely_and_the_output_does_not_copy() -> None:
    text = "My sister has lived in Lyon, near the fireman’s bakery and a croissant shop in Lyon."
    assert rare_words(text, "Ma sœur a vécu à lune ...", COUNTS) == (("Lyon", 0), ("croissant", 1), ("shop", 0))
    assert rare_words(text, "... à Lyon ... croissant ... shop", COUNTS) == ()  # copied: a name translated right
    assert rare_words("The fireman's bakery.", "x", COUNTS) == ()  # a possessive is its word
    assert rare_words("The fireman's bakery.", "x", COUNTS, below=3) == (("fireman's", 2),)
    assert rare_words("A croissant.", "x", COUNTS, below=1) == ()  # below: the count that is no longer rare
    assert rare_words("In 1983, 42 €.", "x", {"in": 9}) == ()  # numbers and signs are no words
    assert uncopied_counts("A croissant, a CROISSANT.", "un", COUNTS) == {"A": 20000, "croissant": 1}  # each once


def test_the_rare_word_notice_names_the_words_and_how_often_training_held_them() -> None:
    assert rare_notice(()) is None
    assert rare_notice((("Lyon", 0),)) == ("The model hardly knows \u201cLyon\u201d: its training sentences never "
                                           "hold it, so its translation of that word may be wrong.")
    assert "hold it only once" in rare_notice((("croissant", 1),))
    assert "hold it only 3 times" in rare_notice((("cinema", 3),))
    many = rare_notice(tuple((word, 4) for word in "abcdef"))
    assert "never: \u201ca\u201d (4 times), \u201cb\u201d (4 times)" in many
    assert "\u201cd\u201d (4 times), 2 more;" in many and "only twice" in rare_notice((("x", 2),))
    [notice] = notices("I like Lyon.", Signals(4, 0, -0.2, (("Lyon", 0),)), "en", "fr")
    assert notice == rare_notice((("Lyon", 0),))


def test_the_rare_word_count_comes_from_the_model_config_else_the_fallback() -> None:
    assert rare_below({"rare_below": 5}) == 5 and rare_below({"rare_below": 0}) == 0
    assert rare_below({}) == rare_below({"rare_below": True}) == rare_below({"rare_below": -1}) == 2


def test_low_log_probability_is_not_repeated_when_a_clearer_reason_is_given() -> None:
    assert len(notices("Привет, как дела?", Signals(6, 0, -5.0), "en", "de")) == 1


def test_mean_log_prob_undoes_the_beam_length_penalty() -> None:
    assert mean_log_prob(-6.0, 5) == -1.0  # 5 tokens + [EOS]
    normalised = -6.0 / ((5 + 6) / 6) ** 1.4
    assert math.isclose(mean_log_prob(normalised, 5, length_penalty=1.4), -1.0)
    assert math.isclose(mean_log_prob(-6.0 / ((5 + 6) / 6) ** 0.0, 5, length_penalty=0.0), -1.0)


def test_an_outputs_mean_log_prob_is_the_engines_own_else_its_score_undone() -> None:
    def five_pieces(text: str) -> list[int]:
        return [7] * 5

    assert output_mean_log_prob("a b", -9.0, -3.0, 6, five_pieces) == -0.5  # the engine's own: 3 over 6 tokens
    assert output_mean_log_prob("a b", -9.0, -3.0, 0, five_pieces) == -3.0  # no tokens counted: not a division by 0
    normalised = -6.0 / ((5 + 6) / 6) ** 1.4  # a beam score for 5 pieces + [EOS]
    assert math.isclose(output_mean_log_prob("a b", normalised, None, 0, five_pieces, length_penalty=1.4), -1.0)
    assert output_mean_log_prob("a b", -6.0, None, 0, five_pieces) == -1.0  # a greedy score is the sum


def test_threshold_comes_from_the_model_config_else_the_fallback() -> None:
    assert log_prob_threshold({"min_mean_log_prob": -1.1}) == -1.1
    assert log_prob_threshold({}) == MIN_MEAN_LOG_PROB
    assert log_prob_threshold({"min_mean_log_prob": True}) == MIN_MEAN_LOG_PROB
    assert log_prob_threshold({"min_mean_log_prob": "-1"}) == MIN_MEAN_LOG_PROB


# --- all capitals: sentence-cased for English, flagged otherwise ---


@pytest.mark.parametrize(
    "text,expected",
    [
        ("TWO DOGS ARE PLAYING IN THE SNOW.", "Two dogs are playing in the snow."),
        ("WHERE ARE YOU? I AM HERE!", "Where are you? I am here!"),
        ("I'M HUNGRY.", "I'm hungry."),
        ('"HELLO," SHE SAID.', '"Hello," she said.'),
    ],
)
def test_all_capital_english_is_sentence_cased(text: str, expected: str) -> None:
    assert is_all_capitals(text) and sentence_case(text) == expected
    fixed, notice = normalize_case(text, "en")
    assert fixed == expected and expected in notice and "all capitals" in notice


@pytest.mark.parametrize("text", ["NASA", "I like the BBC and NASA.", "OK!", "Two dogs are playing.", "UN 2024 12:00"])
def test_acronyms_and_normal_text_are_left_alone(text: str) -> None:
    assert normalize_case(text, "en") == (text, None)


def test_capitals_in_another_source_language_are_only_flagged() -> None:
    fixed, notice = normalize_case("ZWEI HUNDE SPIELEN IM SCHNEE.", "de")
    assert fixed == "ZWEI HUNDE SPIELEN IM SCHNEE." and "may be poor" in notice


# --- calibration helpers ---


def test_constructed_inputs_keep_the_words_or_the_length() -> None:
    pairs = [("Two dogs are playing in the snow.", "Zwei Hunde spielen im Schnee."), ("Hello there!", "Hallo!")]
    made = constructed_inputs(pairs, seed=3)
    assert set(made) == {"word salad", "keyboard mash", "target language"}
    assert [sorted(s.split()) for s in made["word salad"]] == [sorted(s.split()) for s, _ in pairs]
    assert [len(s.split()) for s in made["keyboard mash"]] == [7, 2]
    assert all(w.isalpha() and w.islower() for s in made["keyboard mash"] for w in s.split())
    assert made["target language"] == ["Zwei Hunde spielen im Schnee.", "Hallo!"]
    assert constructed_inputs(pairs, seed=3) == made


def test_quantile_and_share_below() -> None:
    values = [-0.1 * i for i in range(100)]  # 0 .. -9.9
    assert quantile(values, 0.05) == pytest.approx(-9.4)
    assert share_below(values, quantile(values, 0.05)) == 5.0
    assert share_below([], -1.0) == 0.0
