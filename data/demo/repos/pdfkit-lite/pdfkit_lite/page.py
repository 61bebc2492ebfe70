from pdfkit_lite.generic._base import ArrayObject, NameObject
from pdfkit_lite.text_extract import extract_text


class Page:
    def __init__(self, reader, obj):
        self.reader = reader
        self.obj = obj if isinstance(obj, dict) else {}

    @property
    def mediabox(self):
        return ArrayObject(self.obj.get("/MediaBox", [0, 0, 612, 792]))

    def rotate(self, angle):
        self.obj[NameObject("/Rotate")] = (self.obj.get("/Rotate", 0) + angle) % 360
        return self

    def extract_text(self):
        return extract_text(self.obj.get("/Contents", []))

    def merge_page(self, other):
        contents = list(self.obj.get("/Contents", []))
        contents.extend(other.obj.get("/Contents", []))
        self.obj["/Contents"] = contents
        return self
