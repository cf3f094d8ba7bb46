//! The Python module `iriscan._iriscan`: the functions of the `iriscan` package on strings,
//! each a thin call into the Rust library (the package's `__init__.py` documents them), and
//! on Arrow columns (`arrow`).

mod arrow;

use iriscan::compare::{self as comparison, CompareOptions, Equivalence};
use iriscan::extract::{extract as find_iris, ExtractOptions};
use iriscan::map::{HostMapping, ToIriOptions, ToUriOptions};
use iriscan::normalize::{Level, NormalizeOptions, UnicodeForm};
use iriscan::preprocess::Mode;
use iriscan::protocol::ProtocolOptions;
use iriscan::suffix::Sections;
use iriscan::{Grammar, Iri, IriRef};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::borrow::Cow;

create_exception!(
    iriscan,
    IriError,
    PyValueError,
    "Not an IRI, or one that cannot be mapped."
);

/// Why an input failed: what an `IriError` holds.
#[derive(Clone)]
pub(crate) struct Failure {
    kind: &'static str,
    /// In characters and in bytes of the input, and the component, for an error of the grammar.
    at: Option<(usize, usize, &'static str)>,
    message: String,
}

impl Failure {
    /// `e`, an error of the library on `input`.
    pub(crate) fn of(input: &str, e: &iriscan::Error) -> Failure {
        let chars = char_offset(input, e.offset().min(input.len()));
        Failure {
            kind: e.kind().name(),
            at: Some((chars, e.offset(), e.component().name())),
            message: e.to_string(),
        }
    }

    /// A failure of `kind` with `message` and no position.
    pub(crate) fn plain(kind: &'static str, message: String) -> Failure {
        Failure {
            kind,
            at: None,
            message,
        }
    }

    /// The `IriError`; `row` (of a column) is an attribute and begins the message.
    pub(crate) fn into_err(self, py: Python<'_>, row: Option<usize>) -> PyErr {
        let text = match row {
            Some(i) => format!("row {i}: {}", self.message),
            None => self.message.clone(),
        };
        let err = IriError::new_err(text);
        let value = err.value(py);
        let (offset, byte_offset, component) = match self.at {
            Some((chars, bytes, component)) => (Some(chars), Some(bytes), Some(component)),
            None => (None, None, None),
        };
        let _ = value.setattr("kind", self.kind);
        let _ = value.setattr("offset", offset);
        let _ = value.setattr("byte_offset", byte_offset);
        let _ = value.setattr("component", component);
        let _ = value.setattr("message", self.message);
        let _ = value.setattr("row", row);
        err
    }
}

/// An `IriError` for `e`, an error of the library on `input`, with its offset in characters.
fn iri_error(py: Python<'_>, input: &str, e: &iriscan::Error) -> PyErr {
    Failure::of(input, e).into_err(py, None)
}

/// The number of characters of `s` before its byte `byte`.
pub(crate) fn char_offset(s: &str, byte: usize) -> usize {
    s.char_indices().take_while(|&(i, _)| i < byte).count()
}

/// An `IriError` of `kind` with `message` and no position.
fn plain_error(py: Python<'_>, kind: &'static str, message: String) -> PyErr {
    Failure::plain(kind, message).into_err(py, None)
}

/// A name of one of the library's option enums, or a `ValueError` naming the choices.
pub(crate) fn named<T: std::str::FromStr<Err = iriscan::UnknownName>>(name: &str) -> PyResult<T> {
    name.parse::<T>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `s` read by `mode` (3987bis 7), then parsed as `grammar`.
fn read<'s>(s: &'s str, grammar: &str, mode: &str) -> PyResult<(Cow<'s, str>, Grammar)> {
    let mode: Mode = named(mode)?;
    Ok((mode.apply(s), named(grammar)?))
}

fn parse_in<'s>(py: Python<'_>, text: &'s str, grammar: Grammar) -> PyResult<IriRef<'s>> {
    IriRef::parse_as(text, grammar).map_err(|e| iri_error(py, text, &e))
}

/// The name of a host kind, as the command line writes it.
pub(crate) fn host_kind_name(kind: iriscan::HostKind) -> &'static str {
    match kind {
        iriscan::HostKind::RegName => "reg-name",
        iriscan::HostKind::Ipv4 => "ipv4",
        iriscan::HostKind::Ipv6 => "ipv6",
        iriscan::HostKind::IpvFuture => "ipvfuture",
    }
}

/// Whether `s` is of `grammar` (iri, iri-ref, absolute-iri, relative-ref, uri, uri-ref), read
/// by `mode`: strict, leiri (3987bis 7.1: spaces and other characters percent-encoded first) or
/// href (7.2, as a browser reads an href).
#[pyfunction]
#[pyo3(signature = (s, grammar = "iri-ref", mode = "strict"))]
fn is_valid(s: &Bound<'_, PyString>, grammar: &str, mode: &str) -> PyResult<bool> {
    // A string with a lone surrogate has no UTF-8 form: no IRI, whatever the options.
    let Ok(s) = s.to_str() else {
        read("", grammar, mode)?;
        return Ok(false);
    };
    let (text, grammar) = read(s, grammar, mode)?;
    Ok(grammar.validate(text.as_bytes()).is_ok())
}

/// None when `s` is of `grammar` (read by `mode`), else the `IriError`: `kind`, `offset` (in
/// characters; of the text `mode` made when it is not strict), `byte_offset`, `component` and
/// `message` (whose positions are in bytes of UTF-8, as the command writes them).
#[pyfunction]
#[pyo3(signature = (s, grammar = "iri-ref", mode = "strict"))]
fn check(py: Python<'_>, s: &str, grammar: &str, mode: &str) -> PyResult<Option<Py<PyAny>>> {
    let (text, grammar) = read(s, grammar, mode)?;
    Ok(match IriRef::parse_as(&text, grammar) {
        Ok(_) => None,
        Err(e) => Some(iri_error(py, &text, &e).into_value(py).into_any()),
    })
}

/// The fields of `parse`, in order: the components (3987bis 2.2), the host's kind, its public
/// suffix and registrable domain.
pub(crate) const PARTS: [&str; 11] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
    "public_suffix",
    "registrable_domain",
];

/// The values of `PARTS` for `iri`, None for what it does not have.
pub(crate) fn parts(iri: &IriRef<'_>, sections: Sections) -> [Option<String>; 11] {
    let text = |s: Option<&str>| s.map(str::to_string);
    [
        text(iri.scheme()),
        text(iri.authority()),
        text(iri.userinfo()),
        text(iri.host()),
        text(iri.host_kind().map(host_kind_name)),
        text(iri.port()),
        Some(iri.path().to_string()),
        text(iri.query()),
        text(iri.fragment()),
        iri.public_suffix(sections),
        iri.registrable_domain(sections),
    ]
}

/// The sections of the Public Suffix List to read.
pub(crate) fn sections(icann_only: bool) -> Sections {
    if icann_only {
        Sections::Icann
    } else {
        Sections::All
    }
}

/// The components of `s` as a dict (`iriscan.parse` makes it a `Parsed`): None when absent, ""
/// when empty; the host's kind; its public suffix and registrable domain by the Public Suffix
/// List, its ICANN section alone with `icann_only`. Raises `IriError`.
#[pyfunction]
#[pyo3(signature = (s, grammar = "iri-ref", mode = "strict", icann_only = false))]
fn parse<'py>(
    py: Python<'py>,
    s: &str,
    grammar: &str,
    mode: &str,
    icann_only: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (text, grammar) = read(s, grammar, mode)?;
    let iri = parse_in(py, &text, grammar)?;
    let d = PyDict::new(py);
    for (name, value) in PARTS.iter().zip(parts(&iri, sections(icann_only))) {
        d.set_item(name, value)?;
    }
    Ok(d)
}

/// The URI of the IRI reference `s` (3987bis 3.6): non-ASCII characters percent-encoded as
/// UTF-8, hosts mapped by `host` (auto: IDNA for DNS names by the scheme table, percent
/// otherwise; idna; percent), the query of an http(s) IRI from a page in `query_charset`
/// encoded in that charset (3.5). Raises `IriError`.
#[pyfunction]
#[pyo3(signature = (s, host = "auto", query_charset = None, mode = "strict"))]
fn to_uri(
    py: Python<'_>,
    s: &str,
    host: &str,
    query_charset: Option<&str>,
    mode: &str,
) -> PyResult<String> {
    let options = to_uri_options(host, query_charset)?;
    let (text, grammar) = read(s, "iri-ref", mode)?;
    let iri = parse_in(py, &text, grammar)?;
    iri.to_uri_with(&options)
        .map(Cow::into_owned)
        .map_err(|e| plain_error(py, e.kind().name(), e.to_string()))
}

/// The options of `to_uri`: the host mapping, and the charset of a legacy page's query.
pub(crate) fn to_uri_options(host: &str, query_charset: Option<&str>) -> PyResult<ToUriOptions> {
    let options = ToUriOptions::default().host(named::<HostMapping>(host)?);
    match query_charset {
        Some(label) => options
            .query_charset(label)
            .map_err(|e| PyValueError::new_err(e.to_string())),
        None => Ok(options),
    }
}

/// The IRI of the URI reference `s` (3987bis 3.7): percent-encoded UTF-8 decoded where an IRI
/// may hold it and it maps back, and ACE labels in Unicode unless `to_unicode` is false.
#[pyfunction]
#[pyo3(signature = (s, to_unicode = true))]
fn to_iri(py: Python<'_>, s: &str, to_unicode: bool) -> PyResult<String> {
    let iri = parse_in(py, s, Grammar::IriReference)?;
    Ok(iri
        .to_iri_with(&ToIriOptions::default().to_unicode(to_unicode))
        .into_owned())
}

/// What `normalize` writes, on a string and on a column: the normal form, the comparison key
/// or the canonical form.
pub(crate) struct Normalizer<'b> {
    form: Form,
    normal: NormalizeOptions,
    compare: CompareOptions<'b>,
}

enum Form {
    Normal,
    Key,
    Canonical,
}

impl<'b> Normalizer<'b> {
    /// The `form` (normal, key, canonical) at `level`, with the character normalization and
    /// the protocol rules asked for; the key and the canonical form of a relative reference
    /// are those of what it resolves to against `base`.
    pub(crate) fn new(
        form: &str,
        level: Level,
        unicode: Option<UnicodeForm>,
        exclude_fragment: bool,
        rules: ProtocolOptions,
        base: Option<Iri<'b>>,
    ) -> PyResult<Self> {
        let form = match form {
            "normal" => Form::Normal,
            "key" => Form::Key,
            "canonical" => Form::Canonical,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown form {other:?}: normal, key or canonical"
                )))
            }
        };
        let mut normal = NormalizeOptions::new(level).protocol(rules.clone());
        normal.unicode = unicode;
        let mut compare = CompareOptions::new(level)
            .exclude_fragment(exclude_fragment)
            .protocol(rules);
        compare.base = base;
        Ok(Normalizer {
            form,
            normal,
            compare,
        })
    }

    /// The form of the row `s` of a column: as `apply`, with a row that is not an IRI
    /// reference, or that has no key, an error's message.
    pub(crate) fn apply_row<'a>(&self, s: &'a str) -> Result<Option<Cow<'a, str>>, Failure> {
        let iri = IriRef::parse(s).map_err(|e| Failure::of(s, &e))?;
        match self.apply(&iri) {
            Ok(Some(out)) => Ok(Some(out)),
            // A key the level's rules cannot make (IDNA refuses the host) is an error too.
            Ok(None) => Err(Failure::plain("no_key", "no key at this level".to_string())),
            Err((kind, message)) => Err(Failure::plain(kind, message)),
        }
    }

    /// The form of `iri` (borrowed from its input when that is the form), `None` for a key the
    /// level's rules cannot make, or the error's kind and message.
    pub(crate) fn apply<'a>(
        &self,
        iri: &IriRef<'a>,
    ) -> Result<Option<Cow<'a, str>>, (&'static str, String)> {
        let relative = |e: comparison::CompareError| ("relative_reference", e.to_string());
        match self.form {
            Form::Normal => iri
                .normalize_with(&self.normal)
                .map(Some)
                .map_err(|e| (e.kind().name(), e.to_string())),
            Form::Key => comparison::key(iri, &self.compare)
                .map(|k| k.map(Cow::Owned))
                .map_err(relative),
            Form::Canonical => comparison::canonical(iri, &self.compare)
                .map(|k| k.map(Cow::Owned))
                .map_err(relative),
        }
    }
}

/// The character normalization asked for: NFKC over NFC.
pub(crate) fn unicode_form(nfc: bool, nfkc: bool) -> Option<UnicodeForm> {
    match (nfc, nfkc) {
        (_, true) => Some(UnicodeForm::Nfkc),
        (true, false) => Some(UnicodeForm::Nfc),
        _ => None,
    }
}

/// The protocol rules of the keyword arguments.
pub(crate) fn protocol(
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> ProtocolOptions {
    ProtocolOptions::new()
        .sort_query(sort_query)
        .form_query(form_query)
        .drop_params(drop_params.unwrap_or_default())
        .drop_tracking(drop_tracking)
        .strip_www(strip_www)
}

/// `base` parsed as an IRI: relative references are resolved against it (RFC 3986 5.2).
pub(crate) fn base_iri<'b>(py: Python<'_>, base: Option<&'b str>) -> PyResult<Option<Iri<'b>>> {
    base.map(|b| Iri::parse(b).map_err(|e| iri_error(py, b, &e)))
        .transpose()
}

/// `s` normalized at `level` (3987bis 5.3): simple (as written), syntax (case, percent-encoding,
/// dot segments), scheme (default ports, empty paths, IDNA hosts in Unicode) or protocol (with
/// the rules asked for: `sort_query`, `form_query` (+ as space), `drop_params` (globs),
/// `drop_tracking` (utm_* and the like), `strip_www`); `nfc` or `nfkc` only when asked. With
/// `form="key"`, the key `compare` decides by; `form="canonical"`, that key as an IRI (None
/// when the level's rules cannot make one); a relative reference has a key against `base`.
/// Raises `IriError`.
#[pyfunction]
#[pyo3(signature = (s, level = "syntax", nfc = false, nfkc = false, form = "normal", exclude_fragment = false, sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false, base = None))]
#[allow(clippy::too_many_arguments)]
fn normalize(
    py: Python<'_>,
    s: &str,
    level: &str,
    nfc: bool,
    nfkc: bool,
    form: &str,
    exclude_fragment: bool,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
    base: Option<&str>,
) -> PyResult<Option<String>> {
    let unicode = unicode_form(nfc, nfkc);
    let rules = protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let base = base_iri(py, base)?;
    let normalizer = Normalizer::new(form, named(level)?, unicode, exclude_fragment, rules, base)?;
    let iri = parse_in(py, s, Grammar::IriReference)?;
    normalizer
        .apply(&iri)
        .map(|n| n.map(Cow::into_owned))
        .map_err(|(kind, message)| plain_error(py, kind, message))
}

/// "equivalent", "different" or "cannot tell" (when the level's rules cannot be applied, as
/// when IDNA refuses a host) for `a` and `b` at `level`; relative references resolved against
/// `base`; fragments ignored with `exclude_fragment`; the protocol rules of `normalize`
/// (`sort_query`, `form_query`, `drop_params`, `drop_tracking`, `strip_www`) applied to both.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", base = None, exclude_fragment = false, sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    a: &str,
    b: &str,
    level: &str,
    base: Option<&str>,
    exclude_fragment: bool,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> PyResult<&'static str> {
    let rules = protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let options = compare_options(py, level, base, exclude_fragment, rules)?;
    let (x, y) = (
        parse_in(py, a, Grammar::IriReference)?,
        parse_in(py, b, Grammar::IriReference)?,
    );
    let verdict = comparison::compare(&x, &y, &options)
        .map_err(|e| plain_error(py, "relative_reference", e.to_string()))?;
    Ok(verdict_name(verdict))
}

/// The options of `compare`, `dedupe` and the key: `level`, `base` (an IRI), the fragment
/// left out or not, and the protocol rules.
pub(crate) fn compare_options<'b>(
    py: Python<'_>,
    level: &str,
    base: Option<&'b str>,
    exclude_fragment: bool,
    rules: ProtocolOptions,
) -> PyResult<CompareOptions<'b>> {
    let mut options = CompareOptions::new(named(level)?)
        .exclude_fragment(exclude_fragment)
        .protocol(rules);
    options.base = base_iri(py, base)?;
    Ok(options)
}

/// How Python names a verdict.
pub(crate) fn verdict_name(verdict: Equivalence) -> &'static str {
    match verdict {
        Equivalence::Equivalent => "equivalent",
        Equivalence::Different => "different",
        Equivalence::CannotTell => "cannot tell",
    }
}

/// `reference` resolved against the IRI `base` (RFC 3986 5.2, strict).
#[pyfunction]
#[pyo3(signature = (reference, base))]
fn resolve(py: Python<'_>, reference: &str, base: &str) -> PyResult<String> {
    let base = Iri::parse(base).map_err(|e| iri_error(py, base, &e))?;
    let r = parse_in(py, reference, Grammar::IriReference)?;
    Ok(base.resolve(&r).to_string())
}

/// The shortest reference that resolves against `base` to `iri`.
#[pyfunction]
#[pyo3(signature = (iri, base))]
fn relativize(py: Python<'_>, iri: &str, base: &str) -> PyResult<String> {
    let base_iri = Iri::parse(base).map_err(|e| iri_error(py, base, &e))?;
    let target = Iri::parse(iri).map_err(|e| iri_error(py, iri, &e))?;
    base_iri
        .relativize(&target)
        .map(|r| r.to_string())
        .map_err(|e| plain_error(py, "relativize", e.to_string()))
}

/// The first of the lines of each comparison key at `level`, in order, with the options of
/// `compare`; a line that is not an IRI reference, or has no key (a relative reference without
/// `base`), is kept once per exact text.
#[pyfunction]
#[pyo3(signature = (lines, level = "syntax", exclude_fragment = false, base = None, sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false))]
#[allow(clippy::too_many_arguments)]
fn dedupe(
    py: Python<'_>,
    lines: &Bound<'_, PyAny>,
    level: &str,
    exclude_fragment: bool,
    base: Option<&str>,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> PyResult<Vec<String>> {
    let rules = protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let options = compare_options(py, level, base, exclude_fragment, rules)?;
    // A string is an iterable of its characters, not of lines.
    if lines.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "dedupe takes an iterable of lines, not one string",
        ));
    }
    let mut seen = std::collections::HashSet::new();
    let mut kept = Vec::new();
    for line in lines.try_iter()? {
        let line: String = line?.extract()?;
        let key = match IriRef::parse(&line) {
            Ok(iri) => comparison::key(&iri, &options).ok().flatten(),
            Err(_) => None,
        }
        .unwrap_or_else(|| format!("\u{0}{line}"));
        if seen.insert(key) {
            kept.push(line);
        }
    }
    Ok(kept)
}

/// A lint with its offset and length in characters of the input.
pub(crate) struct LintRow {
    pub(crate) code: &'static str,
    pub(crate) severity: &'static str,
    pub(crate) component: &'static str,
    pub(crate) offset: usize,
    pub(crate) length: usize,
    pub(crate) message: String,
}

/// The lints of `iri`, parsed from `s`, counted in characters: from the offset of the lint
/// before, as the lints come in the order of the input (a component's own before its
/// characters'), so that a line of many lints takes linear time.
pub(crate) fn lint_rows(s: &str, iri: &IriRef<'_>) -> Vec<LintRow> {
    let (mut byte, mut chars) = (0, 0);
    iri.lints()
        .iter()
        .map(|l| {
            let at = l.offset();
            chars = if at >= byte {
                chars + s[byte..at].chars().count()
            } else {
                chars - s[at..byte].chars().count()
            };
            byte = at;
            LintRow {
                code: l.code().name(),
                severity: l.severity().name(),
                component: l.component().name(),
                offset: chars,
                length: s[at..at + l.len()].chars().count(),
                message: l.message(),
            }
        })
        .collect()
}

/// The lints of `s` (3987bis 4.2, 4.4, 6.1, 8.5): dicts of `code`, `severity`, `component`,
/// `offset` and `length` (in characters) and `message`. Raises `IriError`.
#[pyfunction]
fn lint<'py>(py: Python<'py>, s: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let iri = parse_in(py, s, Grammar::IriReference)?;
    lint_rows(s, &iri)
        .into_iter()
        .map(|l| {
            let d = PyDict::new(py);
            d.set_item("code", l.code)?;
            d.set_item("severity", l.severity)?;
            d.set_item("component", l.component)?;
            d.set_item("offset", l.offset)?;
            d.set_item("length", l.length)?;
            d.set_item("message", l.message)?;
            Ok(d)
        })
        .collect()
}

/// What to show a person for `s` (3987bis 4.1, 8.6): decoded where safe, spoofing labels in ACE
/// form, components that break 4.2 in URI notation, invisible characters percent-encoded,
/// right-to-left text wrapped by `embedding` (lre, lri, none); `visual` writes the display
/// order, `ascii` the URI, `as_written` the IRI as written but for what spoofs. Raises
/// `IriError`.
#[pyfunction]
#[pyo3(signature = (s, embedding = "lre", ascii = false, visual = false, as_written = false))]
fn to_display(
    py: Python<'_>,
    s: &str,
    embedding: &str,
    ascii: bool,
    visual: bool,
    as_written: bool,
) -> PyResult<String> {
    let options = display_options(embedding, ascii, visual, as_written)?;
    let iri = parse_in(py, s, Grammar::IriReference)?;
    Ok(iri.to_display(&options))
}

/// The options of `to_display`.
pub(crate) fn display_options(
    embedding: &str,
    ascii: bool,
    visual: bool,
    as_written: bool,
) -> PyResult<iriscan::display::DisplayOptions> {
    if ascii && as_written {
        return Err(PyValueError::new_err(
            "ascii and as_written exclude each other",
        ));
    }
    Ok(iriscan::display::DisplayOptions {
        embedding: named(embedding)?,
        ascii,
        visual,
        as_written,
    })
}

/// The options of `extract`.
pub(crate) fn extract_options(
    schemes: Option<&Bound<'_, PyAny>>,
    www: bool,
    mode: &str,
) -> PyResult<ExtractOptions> {
    let options = ExtractOptions::new().www(www).mode(named(mode)?);
    let Some(schemes) = schemes else {
        return Ok(options);
    };
    // A string is an iterable of its characters, not of names.
    if schemes.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "schemes is an iterable of names, not one string",
        ));
    }
    let mut names = Vec::new();
    for name in schemes.try_iter()? {
        let name: String = name?.extract()?;
        // As the command's --schemes: a name that is not a scheme would never be found.
        if !iriscan::is_scheme_name(&name) {
            return Err(PyValueError::new_err(format!(
                "{name:?} is not a scheme (RFC 3986 3.1: a letter, then letters, digits, \"+\", \"-\" and \".\")"
            )));
        }
        names.push(name);
    }
    Ok(options.schemes(names))
}

/// The IRIs in `text`: where each starts and ends, in characters, and the IRI.
pub(crate) fn found_in(text: &str, options: &ExtractOptions) -> Vec<(usize, usize, String)> {
    let (mut chars, mut bytes) = (0, 0);
    find_iris(text, options)
        .map(|f| {
            let r = f.range();
            chars += text[bytes..r.start].chars().count();
            bytes = r.start;
            let end = chars + f.as_str().chars().count();
            (chars, end, f.iri().as_str().to_string())
        })
        .collect()
}

/// The IRIs in running text (3987bis 8.3): (start, end) in characters, and the IRI (with
/// "http://" before a "www." found with `www`). `schemes` replaces the scheme table; `mode`
/// reads liberal text.
#[pyfunction]
#[pyo3(signature = (text, schemes = None, www = false, mode = "strict"))]
fn extract(
    text: &str,
    schemes: Option<&Bound<'_, PyAny>>,
    www: bool,
    mode: &str,
) -> PyResult<Vec<(usize, usize, String)>> {
    Ok(found_in(text, &extract_options(schemes, www, mode)?))
}

/// The module.
#[pymodule]
fn _iriscan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("IriError", m.py().get_type::<IriError>())?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(relativize, m)?)?;
    m.add_function(wrap_pyfunction!(dedupe, m)?)?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(to_display, m)?)?;
    let columns = PyModule::new(m.py(), "arrow")?;
    columns.add_function(wrap_pyfunction!(arrow::is_valid, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::check, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::parse, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::normalize, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::to_uri, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::to_iri, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::to_display, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::lint, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::extract, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::compare, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::equivalent, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::resolve, &columns)?)?;
    columns.add_function(wrap_pyfunction!(arrow::relativize, &columns)?)?;
    columns.add("PARSE_FIELDS", PARTS)?;
    m.add_submodule(&columns)?;
    Ok(())
}
