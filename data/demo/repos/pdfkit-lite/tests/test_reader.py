import pytest

from pdfkit_lite.filters import paeth_predictor


def test_paeth_prefers_left():
    assert paeth_predictor(1, 1, 1) == 1
