"""Tests of the Python client: offline ones always; against a server when PROBEBENCH_TEST_URL is set
(tests/integration/python-client.test.ts sets it, with a token, a benchmark and a findings file)."""

import csv
import io
import json
import os
import tempfile
import unittest

from probebench import Client, ProbebenchError, normalise_url

SERVER = os.environ.get("PROBEBENCH_TEST_URL")


class OfflineTest(unittest.TestCase):
    def test_normalise_url(self):
        self.assertEqual(normalise_url("http://localhost:3000/api/"), "http://localhost:3000")
        self.assertEqual(normalise_url("https://x.org/pb/api/v1"), "https://x.org/pb")
        with self.assertRaises(ValueError):
            normalise_url("notaurl")

    def test_unreachable(self):
        with self.assertRaises(ProbebenchError) as caught:
            Client("http://127.0.0.1:9", token="pb_x", timeout=5).status("x")
        self.assertEqual(caught.exception.status, 0)


@unittest.skipUnless(SERVER, "PROBEBENCH_TEST_URL is not set")
class ServerTest(unittest.TestCase):
    def setUp(self):
        self.client = Client(SERVER + "/api", token=os.environ["PROBEBENCH_TEST_TOKEN"])
        self.benchmark = os.environ["PROBEBENCH_TEST_BENCHMARK"]

    def test_submit_wait_status_and_read_the_board(self):
        findings = {
            "benchmark": self.benchmark,
            "model": "Python client",
            "findings": [json.loads(os.environ["PROBEBENCH_TEST_FINDING"])],
        }
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(findings, f)
        created = self.client.submit(
            f.name, reasoning_effort="high", cost_usd=2.5, organisation="Py Labs", parameter_count=7000000000
        )
        self.assertEqual(created["status"], "queued")
        final = self.client.wait(created["id"], poll_seconds=0.2, timeout_seconds=90)
        self.assertEqual(final["status"], "scored")
        self.assertEqual(final["reasoning_effort"], "high")
        self.assertEqual(final["cost_usd"], 2.5)
        self.assertEqual(final["scores"]["overall"]["matched_reference_bugs"], 1)
        stored = self.client.findings(created["id"])
        self.assertEqual((stored["organisation"], stored["parameter_count"]), ("Py Labs", 7000000000))
        self.assertEqual(len(stored["runs"][0]["findings"]), 1)

        with self.assertRaises(ProbebenchError) as caught:
            self.client.submit(
                f.name, reasoning_effort="high", cost_usd=2.5, organisation="Py Labs", parameter_count=7000000000
            )
        self.assertEqual(caught.exception.status, 409)
        with self.assertRaises(ProbebenchError) as invalid:
            self.client.submit(json.dumps({"benchmark": self.benchmark, "findings": []}))
        self.assertEqual(invalid.exception.status, 422)
        self.assertIn("model", [i["path"] for i in invalid.exception.issues])

        board = self.client.leaderboard(benchmark=self.benchmark + "@1")
        self.assertIn("rows", board)
        rows = self.client.leaderboard_rows(benchmark=self.benchmark + "@1")
        self.assertIsInstance(rows, list)
        header = next(csv.reader(self.client.csv("leaderboard", benchmark=self.benchmark + "@1")))
        self.assertIn("f1", [h.lower() for h in header])
        self.assertIsInstance(self.client.csv("repositories", benchmark=self.benchmark + "@1"), io.StringIO)


if __name__ == "__main__":
    unittest.main()
