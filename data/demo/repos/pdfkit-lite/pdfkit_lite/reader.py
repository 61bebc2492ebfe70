from pdfkit_lite.encryption import decrypt_object
from pdfkit_lite.page import Page
from pdfkit_lite.xref import parse_xref_stream


class PdfReader:
    def __init__(self, data, password=None):
        self.data = data
        self.password = password
        self.xref = self._read_xref()

    def _find_startxref(self):
        if not self.data.rstrip().endswith(b"%%EOF"):
            raise ValueError("EOF marker not found")
        index = self.data.rfind(b"startxref")
        return int(self.data[index + 9:].split()[0])

    def _read_xref(self):
        start = self._find_startxref()
        return parse_xref_stream(self.data[start:], (1, 2, 1))

    def get_object(self, number):
        obj = self.xref[number]
        return decrypt_object(obj, self.password) if self.password else obj

    @property
    def pages(self):
        return [Page(self, self.get_object(i)) for i in range(len(self.xref))]
