// Names of the languages' built-in functions and of the methods of built-in types (dict, list, str, Map, Array,
// Promise, ...). A call to one of these names is far more often the built-in than a project definition that happens
// to share the name (`cache.get()` is rarely the one `get` the project defines), so the unique-name rule does not
// apply to them: such calls resolve through imports only, or are counted as unresolved.

const PYTHON = `abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir
divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance
issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed
round set setattr slice sorted staticmethod str sum super tuple type vars zip
append extend insert remove pop clear index count sort reverse copy keys values items get setdefault update popitem
fromkeys add discard union intersection difference issubset issuperset join split rsplit strip lstrip rstrip replace
startswith endswith lower upper encode decode find rfind partition rpartition splitlines format_map zfill read write
readline readlines close seek tell flush`;

const JAVASCRIPT = `push pop shift unshift slice splice concat join reverse sort indexOf lastIndexOf includes find findIndex
findLast filter map forEach reduce reduceRight some every flat flatMap fill keys values entries at from of isArray
get set has delete clear add size then catch finally resolve reject all allSettled race any assign create freeze
defineProperty getPrototypeOf hasOwnProperty toString valueOf toFixed parse stringify log warn error info debug
trim trimStart trimEnd split replace replaceAll match matchAll search startsWith endsWith padStart padEnd repeat
charAt charCodeAt codePointAt substring substr toLowerCase toUpperCase normalize localeCompare test exec bind call
apply floor ceil round abs min max random sqrt pow trunc sign now setTimeout clearTimeout setInterval clearInterval
require emit on once off addEventListener removeEventListener dispatchEvent querySelector fetch json text
parseInt parseFloat isNaN isFinite encodeURIComponent decodeURIComponent structuredClone Number String Boolean
Array Object Promise Map Set WeakMap Symbol Date Error TypeError RegExp JSON Math`;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

export const BUILTIN_NAMES: Record<"python" | "javascript", ReadonlySet<string>> = {
  python: new Set(words(PYTHON)),
  javascript: new Set(words(JAVASCRIPT)),
};
