import { describe, expect, it } from "vitest";
import { calledNames, descriptionText, fullText, identifierTokens, snippetTokens } from "./tokenize";

describe("snippetTokens", () => {
  it("keeps lowercased whole words of >= 2 chars, de-duplicated and sorted", () => {
    expect(snippetTokens("x = foo_Bar(a1, BB)\nreturn x.y + fooBar")).toEqual([
      "a1",
      "bb",
      "foo_bar",
      "foobar",
      "return",
    ]);
  });

  it("returns an empty set for code without words", () => {
    expect(snippetTokens("+ - ( ) {}")).toEqual([]);
  });
});

describe("words beyond ASCII letters", () => {
  it("keeps a `$` sigil as part of the word", () => {
    // Hand-computed: words of >= 2 chars; `$` alone, `0`, `2`, `d` and `x` are shorter.
    expect(snippetTokens("let count = $state(0); const d = $derived(count * 2); $('#x')")).toEqual([
      "$derived",
      "$state",
      "const",
      "count",
      "let",
    ]);
    expect(identifierTokens("Reading $props too early", "$props.x")).toEqual(["$props", "early", "reading", "too"]);
  });

  it("reads a non-ASCII identifier as one word, lowercased", () => {
    // An ASCII class read `größe` as `gr` and `e`, and `Überlauf` as `berlauf`.
    expect(snippetTokens("def prüfe(größe): return Überlauf")).toEqual(["def", "größe", "prüfe", "return", "überlauf"]);
    expect(identifierTokens("Die größe", "")).toEqual(["die", "größe"]);
  });
});

describe("identifierTokens", () => {
  it("reads description and snippet, words of >= 3 chars", () => {
    expect(identifierTokens("Null deref in parseHeader", "if hdr is None: return hdr.size")).toEqual([
      "deref",
      "hdr",
      "none",
      "null",
      "parseheader",
      "return",
      "size",
    ]);
  });
});

describe("calledNames", () => {
  it("keeps functions, methods and constructors, drops keywords and spaced parentheses", () => {
    const code =
      "if (x) { foo(a); obj.bar(b); } while(y) baz (c); if(z) new Foo(1); re.match(s); print(x); x1foo(); 9abc(";
    expect(calledNames(code)).toEqual(["bar", "foo", "match", "print", "x1foo"]);
  });

  it("keeps a keyword-named method after a dot but not the bare keyword", () => {
    expect(calledNames("promise.catch(handle(e)); catch(e) {}; return(x); sizeof(int)")).toEqual(["catch", "handle"]);
  });
});

describe("calledNames of generic and non-ASCII calls", () => {
  it("skips type arguments between the name and its parenthesis", () => {
    const code =
      "const [v] = useState<string>(''); const m = new Map<string, List<Item>>(); x.parse::<u32>(); let v: Vec<u8> = collect::<Vec<Vec<u8>>>();";
    expect(calledNames(code)).toEqual(["collect", "map", "parse", "usestate"]);
  });

  it("keeps `$` names and non-ASCII names", () => {
    expect(calledNames("let s = $state(0); $effect(() => f(s)); größe_prüfen(x); $('#a')")).toEqual([
      "$",
      "$effect",
      "$state",
      "f",
      "größe_prüfen",
    ]);
  });

  it("does not read a comparison followed by parentheses as a call", () => {
    expect(calledNames("if (a < b && c > (d)) g(1)")).toEqual(["g"]);
  });
});

describe("fullText and descriptionText", () => {
  const bug = { title: "T", description: "D", codeSnippet: "x".repeat(1500) };

  it("joins title, description and the first 1,000 chars of the snippet", () => {
    const text = fullText(bug);
    expect(text).toBe(`T\nD\n${"x".repeat(1000)}`);
  });

  it("counts code points, not UTF-16 units, like the paper's Python slicing", () => {
    const text = fullText({ ...bug, codeSnippet: "😀".repeat(1001) });
    expect(text).toBe(`T\nD\n${"😀".repeat(1000)}`);
  });

  it("keeps short snippets whole", () => {
    expect(fullText({ ...bug, codeSnippet: "abc" })).toBe("T\nD\nabc");
  });

  it("descriptionText is title and description", () => {
    expect(descriptionText(bug)).toBe("T\nD");
  });
});
