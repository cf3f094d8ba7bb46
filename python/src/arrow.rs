//! The functions on Arrow columns (`iriscan.arrow`): a whole array taken through the Arrow
//! PyCapsule interface without a copy, read in any of the three string layouts, processed on
//! several cores without the GIL, and returned as a new array of the same length.

use arrow_array::builder::{BooleanBuilder, StringBuilder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field};
use iriscan::map::{HostMapping, ToIriOptions, ToUriOptions};
use iriscan::normalize::Level;
use iriscan::{Grammar, IriRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;
use rayon::prelude::*;
use std::sync::Arc;

/// Rows a task takes at once.
const CHUNK: usize = 4096;

/// The strings of a column: `string`, `large_string` or `string_view`, a row at a time.
enum Strings<'a> {
    Utf8(&'a arrow_array::StringArray),
    LargeUtf8(&'a arrow_array::LargeStringArray),
    View(&'a arrow_array::StringViewArray),
}

impl Strings<'_> {
    fn of(array: &ArrayRef) -> PyResult<Strings<'_>> {
        Ok(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Strings::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Strings::View(array.as_string_view()),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "an array of strings (string, large_string or string_view), not {other}"
                )))
            }
        })
    }

    fn get(&self, i: usize) -> Option<&str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }
}

/// The arrays of a column: one for an array (`__arrow_c_array__`), each of a stream's
/// (`__arrow_c_stream__`: a chunked array, DuckDB's UDF arguments), none of them copied.
fn arrays(column: AnyArray) -> PyResult<Vec<ArrayRef>> {
    Ok(match column {
        AnyArray::Array(a) => vec![a.into_inner().0],
        stream => stream.into_chunked_array()?.into_inner().0,
    })
}

/// `f` applied to every row of `column` (None for a null), in parallel pieces, in order.
fn map_rows<T: Send>(
    py: Python<'_>,
    column: AnyArray,
    f: impl Fn(Option<&str>) -> T + Sync,
) -> PyResult<Vec<T>> {
    let arrays = arrays(column)?;
    let strings = arrays
        .iter()
        .map(Strings::of)
        .collect::<PyResult<Vec<_>>>()?;
    let (strings, f) = (&strings, &f);
    let rows: Vec<T> = py.detach(|| {
        let mut rows = Vec::new();
        for (strings, array) in strings.iter().zip(&arrays) {
            let n = array.len();
            rows.par_extend((0..n.div_ceil(CHUNK)).into_par_iter().flat_map_iter(|c| {
                let end = ((c + 1) * CHUNK).min(n);
                (c * CHUNK..end)
                    .map(|i| f(strings.get(i)))
                    .collect::<Vec<_>>()
            }));
        }
        rows
    });
    Ok(rows)
}

/// The answer: a pyarrow array when pyarrow is importable, else an Arrow array object with
/// `__arrow_c_array__`.
fn answer(py: Python<'_>, array: ArrayRef) -> PyResult<Py<PyAny>> {
    let array = PyArray::from_array_ref(array);
    if let Ok(pa) = array.to_pyarrow(py) {
        return Ok(pa.unbind());
    }
    Ok(array.into_pyobject(py)?.into_any().unbind())
}

/// A mapping's rows as strings: null where the input is null or the mapping fails, or the
/// first failure raised with `errors="raise"`.
fn strings(
    py: Python<'_>,
    rows: Vec<Result<Option<String>, String>>,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = match errors {
        "null" => false,
        "raise" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"null\" or \"raise\", not {other:?}"
            )))
        }
    };
    let mut b = StringBuilder::with_capacity(rows.len(), rows.len() * 64);
    for (i, row) in rows.into_iter().enumerate() {
        match row {
            Ok(v) => b.append_option(v),
            Err(message) if raise => {
                return Err(crate::IriError::new_err(format!("row {i}: {message}")))
            }
            Err(_) => b.append_null(),
        }
    }
    answer(py, Arc::new(b.finish()))
}

#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref"))]
pub fn is_valid(py: Python<'_>, array: AnyArray, grammar: &str) -> PyResult<Py<PyAny>> {
    let grammar: Grammar = crate::named(grammar)?;
    let rows = map_rows(py, array, |s| {
        s.map(|s| grammar.validate(s.as_bytes()).is_ok())
    })?;
    let mut b = BooleanBuilder::with_capacity(rows.len());
    b.extend(rows);
    answer(py, Arc::new(b.finish()))
}

#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref"))]
pub fn check(py: Python<'_>, array: AnyArray, grammar: &str) -> PyResult<Py<PyAny>> {
    let grammar: Grammar = crate::named(grammar)?;
    let rows = map_rows(py, array, |s| {
        s.and_then(|s| IriRef::parse_as(s, grammar).err().map(|e| (s, e)))
            .map(|(s, e)| {
                let chars = crate::char_offset(s, e.offset());
                (e.kind().name(), chars as u64, e.to_string())
            })
    })?;
    let (mut kind, mut offset, mut message) = (
        StringBuilder::new(),
        UInt64Builder::new(),
        StringBuilder::new(),
    );
    let mut valid = Vec::with_capacity(rows.len());
    for row in rows {
        valid.push(row.is_some());
        match row {
            Some((k, o, m)) => {
                kind.append_value(k);
                offset.append_value(o);
                message.append_value(m);
            }
            None => {
                kind.append_null();
                offset.append_null();
                message.append_null();
            }
        }
    }
    let fields = vec![
        Arc::new(Field::new("kind", DataType::Utf8, true)),
        Arc::new(Field::new("offset", DataType::UInt64, true)),
        Arc::new(Field::new("message", DataType::Utf8, true)),
    ];
    let columns: Vec<ArrayRef> = vec![
        Arc::new(kind.finish()),
        Arc::new(offset.finish()),
        Arc::new(message.finish()),
    ];
    let array = StructArray::try_new(fields.into(), columns, Some(valid.into()))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    answer(py, Arc::new(array))
}

/// The fields of `parse`, in order.
const PARTS: [&str; 11] = [
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

#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref", errors = "null"))]
pub fn parse(py: Python<'_>, array: AnyArray, grammar: &str, errors: &str) -> PyResult<Py<PyAny>> {
    let grammar: Grammar = crate::named(grammar)?;
    let raise = errors == "raise";
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => IriRef::parse_as(s, grammar)
            .map(|i| {
                let kind = i.host_kind().map(crate::host_kind_name);
                let sections = iriscan::suffix::Sections::All;
                Some([
                    i.scheme().map(str::to_string),
                    i.authority().map(str::to_string),
                    i.userinfo().map(str::to_string),
                    i.host().map(str::to_string),
                    kind.map(str::to_string),
                    i.port().map(str::to_string),
                    Some(i.path().to_string()),
                    i.query().map(str::to_string),
                    i.fragment().map(str::to_string),
                    i.public_suffix(sections),
                    i.registrable_domain(sections),
                ])
            })
            .map_err(|e| e.to_string()),
    })?;
    let mut builders: Vec<StringBuilder> = PARTS.iter().map(|_| StringBuilder::new()).collect();
    let mut valid = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let parts = match row {
            Ok(parts) => parts,
            Err(message) if raise => {
                return Err(crate::IriError::new_err(format!("row {i}: {message}")))
            }
            Err(_) => None,
        };
        valid.push(parts.is_some());
        for (k, b) in builders.iter_mut().enumerate() {
            b.append_option(parts.as_ref().and_then(|p| p[k].as_deref()));
        }
    }
    let fields: Vec<Arc<Field>> = PARTS
        .iter()
        .map(|name| Arc::new(Field::new(*name, DataType::Utf8, true)))
        .collect();
    let columns: Vec<ArrayRef> = builders
        .iter_mut()
        .map(|b| Arc::new(b.finish()) as ArrayRef)
        .collect();
    let array = StructArray::try_new(fields.into(), columns, Some(valid.into()))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    answer(py, Arc::new(array))
}

#[pyfunction]
#[pyo3(signature = (array, level = "syntax", errors = "null", form = "normal", exclude_fragment = false, sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false))]
#[allow(clippy::too_many_arguments)]
pub fn normalize(
    py: Python<'_>,
    array: AnyArray,
    level: &str,
    errors: &str,
    form: &str,
    exclude_fragment: bool,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> PyResult<Py<PyAny>> {
    let rules = crate::protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let normalizer = crate::Normalizer::new(
        form,
        crate::named::<Level>(level)?,
        None,
        exclude_fragment,
        rules,
    )?;
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => {
            let iri = IriRef::parse(s).map_err(|e| e.to_string())?;
            // A key the level's rules cannot make (IDNA refuses the host) is an error too.
            match normalizer.apply(&iri) {
                Ok(Some(out)) => Ok(Some(out)),
                Ok(None) => Err("no key at this level".to_string()),
                Err((_, message)) => Err(message),
            }
        }
    })?;
    strings(py, rows, errors)
}

#[pyfunction]
#[pyo3(signature = (array, host = "auto", errors = "null"))]
pub fn to_uri(py: Python<'_>, array: AnyArray, host: &str, errors: &str) -> PyResult<Py<PyAny>> {
    let options = ToUriOptions::default().host(crate::named::<HostMapping>(host)?);
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => IriRef::parse(s)
            .map_err(|e| e.to_string())
            .and_then(|i| i.to_uri_with(&options).map_err(|e| e.to_string()))
            .map(|u| Some(u.into_owned())),
    })?;
    strings(py, rows, errors)
}

#[pyfunction]
#[pyo3(signature = (array, to_unicode = true, errors = "null"))]
pub fn to_iri(
    py: Python<'_>,
    array: AnyArray,
    to_unicode: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let options = ToIriOptions::default().to_unicode(to_unicode);
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => IriRef::parse(s)
            .map_err(|e| e.to_string())
            .map(|i| Some(i.to_iri_with(&options).into_owned())),
    })?;
    strings(py, rows, errors)
}
