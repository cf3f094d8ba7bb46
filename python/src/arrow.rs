//! The functions on Arrow columns (`iriscan.arrow`): a whole array taken through the Arrow
//! PyCapsule interface without a copy, read in any of the three string layouts, processed on
//! several cores without the GIL, and returned as a new array of the same length.

use crate::Failure;
use arrow_array::builder::GenericStringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayAccessor, ArrayRef, BooleanArray, GenericStringArray, ListArray, OffsetSizeTrait,
    StructArray, UInt64Array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field};
use iriscan::compare::{self as comparison, CompareOptions, Equivalence};
use iriscan::map::ToIriOptions;
use iriscan::normalize::Level;
use iriscan::preprocess::Mode;
use iriscan::{Grammar, Iri, IriRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::Arc;

/// Rows a task takes at once.
const CHUNK: usize = 4096;

/// The strings of one array: `string`, `large_string` or `string_view`; a dictionary of them
/// (Polars' categoricals); or nulls alone (a column of None without a type).
enum Strings<'a> {
    Utf8(&'a arrow_array::StringArray),
    LargeUtf8(&'a arrow_array::LargeStringArray),
    View(&'a arrow_array::StringViewArray),
    Dictionary {
        array: &'a ArrayRef,
        keys: Vec<usize>,
        values: Box<Strings<'a>>,
    },
    Null,
}

impl<'a> Strings<'a> {
    fn of(array: &'a ArrayRef) -> PyResult<Strings<'a>> {
        Ok(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Strings::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Strings::View(array.as_string_view()),
            DataType::Null => Strings::Null,
            DataType::Dictionary(_, _) => match array.as_any_dictionary_opt() {
                Some(d) => Strings::Dictionary {
                    array,
                    keys: d.normalized_keys(),
                    values: Box::new(Strings::of(d.values())?),
                },
                None => return Err(not_strings(array.data_type())),
            },
            other => return Err(not_strings(other)),
        })
    }

    fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Dictionary {
                array,
                keys,
                values,
            } => array.is_valid(i).then(|| values.get(keys[i])).flatten(),
            Strings::Null => None,
        }
    }
}

/// The error of an array that does not hold strings.
fn not_strings(t: &DataType) -> PyErr {
    let hint = match t {
        DataType::Struct(_) => " (a table or a struct: pass one of its columns)",
        _ => "",
    };
    PyTypeError::new_err(format!(
        "an array of strings (string, large_string, string_view, or a dictionary of them), not {t}{hint}"
    ))
}

/// The arrays of a column: one for an array (`__arrow_c_array__`), each of a stream's
/// (`__arrow_c_stream__`: a chunked array, DuckDB's UDF arguments), none of them copied, and
/// each checked to be UTF-8 ([`first_not_utf8`]).
fn arrays(column: AnyArray) -> PyResult<Vec<ArrayRef>> {
    let arrays = match column {
        AnyArray::Array(a) => vec![a.into_inner().0],
        stream => stream.into_chunked_array()?.into_inner().0,
    };
    let mut start = 0;
    for array in &arrays {
        if let Some(at) = first_not_utf8(array) {
            let at = match at {
                Some(row) => format!("row {} of the column", start + row),
                None => "a value of the column's dictionary".to_string(),
            };
            return Err(PyValueError::new_err(format!(
                "{at} is not UTF-8, as an Arrow string must be: read the bytes as binary and \
                 decode them first"
            )));
        }
        start += array.len();
    }
    Ok(arrays)
}

/// Where the strings of `array` are not UTF-8: `Some(Some(row))` at the first such row,
/// `Some(None)` in the values of a dictionary, `None` where all are (or it holds no strings).
///
/// Arrow requires strings to be UTF-8, and a `str` must be, but the C data interface brings an
/// array in without looking at its bytes: binary data viewed as strings
/// (`pa.binary().view(pa.string())`) would reach the functions as `str`s that are not UTF-8.
fn first_not_utf8(array: &ArrayRef) -> Option<Option<usize>> {
    match array.data_type() {
        DataType::Utf8 => first_not_utf8_in(&arrow_array::BinaryArray::from(
            array.as_string::<i32>().clone(),
        ))
        .map(Some),
        DataType::LargeUtf8 => first_not_utf8_in(&arrow_array::LargeBinaryArray::from(
            array.as_string::<i64>().clone(),
        ))
        .map(Some),
        DataType::Utf8View => {
            let bytes = array.as_string_view().clone().to_binary_view();
            (0..bytes.len())
                .find(|&i| bytes.is_valid(i) && simdutf8::basic::from_utf8(bytes.value(i)).is_err())
                .map(Some)
        }
        DataType::Dictionary(_, _) => {
            let values = array.as_any_dictionary_opt()?.values();
            first_not_utf8(values).map(|_| None)
        }
        _ => None,
    }
}

/// The first row of `bytes` (not null) that is not UTF-8: the bytes of pieces of rows read at
/// once, on every core, and each row's own only from the first piece whose bytes are not UTF-8
/// or whose row boundaries split a character.
fn first_not_utf8_in<O: OffsetSizeTrait>(
    bytes: &arrow_array::GenericBinaryArray<O>,
) -> Option<usize> {
    let (offsets, data, n) = (bytes.value_offsets(), bytes.value_data(), bytes.len());
    let piece_is_utf8 = |piece: usize| {
        let rows = &offsets[piece * CHUNK..=((piece + 1) * CHUNK).min(n)];
        let first = rows[0].as_usize();
        simdutf8::basic::from_utf8(&data[first..rows[rows.len() - 1].as_usize()]).is_ok_and(|s| {
            rows.iter()
                .all(|o| s.is_char_boundary(o.as_usize() - first))
        })
    };
    let piece = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .find_first(|&piece| !piece_is_utf8(piece))?;
    (piece * CHUNK..n).find(|&i| bytes.is_valid(i) && std::str::from_utf8(bytes.value(i)).is_err())
}

/// The rows of a column, by row number across its arrays.
struct Rows<'a> {
    parts: Vec<Strings<'a>>,
    /// The row number of each part's first row.
    starts: Vec<usize>,
    len: usize,
}

impl<'a> Rows<'a> {
    fn of(arrays: &'a [ArrayRef]) -> PyResult<Self> {
        let mut starts = Vec::with_capacity(arrays.len());
        let mut len = 0;
        for a in arrays {
            starts.push(len);
            len += a.len();
        }
        let parts = arrays.iter().map(Strings::of).collect::<PyResult<_>>()?;
        Ok(Rows { parts, starts, len })
    }

    /// Row `i` of a column of `n` rows, of which this one is either as long or one row, the
    /// same for every row (`pl.lit` in Polars).
    fn row(&self, i: usize) -> Option<&'a str> {
        self.get(if self.len == 1 { 0 } else { i })
    }

    /// Row `i`, None for a null.
    fn get(&self, i: usize) -> Option<&'a str> {
        let k = match self.parts.len() {
            1 => 0,
            _ => self.starts.partition_point(|&s| s <= i) - 1,
        };
        self.parts[k].get(i - self.starts[k])
    }
}

/// The second operand of a function of two: one string for every row, or a column.
#[derive(FromPyObject)]
pub enum Operand {
    /// The same string for every row.
    Text(String),
    /// A column as long as the first, or of one row for every row.
    Column(AnyArray),
}

/// `f` applied to every row of `n` rows in parallel pieces, in order, without the GIL.
fn run<T: Send>(py: Python<'_>, n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    py.detach(|| {
        let mut out = Vec::with_capacity(n);
        out.par_extend((0..n).into_par_iter().with_min_len(CHUNK).map(&f));
        out
    })
}

/// `f` applied to every row of `column` (None for a null). Each array of strings is walked by
/// its own layout's accessor, without the per-row search of `Rows::get` across arrays and the
/// match on the layout: validation is a few tens of nanoseconds a row, and those are what the
/// binding adds to it.
fn map_rows<T: Send>(
    py: Python<'_>,
    column: AnyArray,
    f: impl Fn(Option<&str>) -> T + Sync,
) -> PyResult<Vec<T>> {
    let arrays = arrays(column)?;
    let parts = arrays
        .iter()
        .map(Strings::of)
        .collect::<PyResult<Vec<_>>>()?;
    Ok(py.detach(|| {
        let mut out = Vec::with_capacity(arrays.iter().map(|a| a.len()).sum());
        for (part, array) in parts.iter().zip(&arrays) {
            match part {
                Strings::Utf8(a) => each_row(&mut out, *a, &f),
                Strings::LargeUtf8(a) => each_row(&mut out, *a, &f),
                Strings::View(a) => each_row(&mut out, *a, &f),
                other => {
                    let rows = (0..array.len()).into_par_iter().with_min_len(CHUNK);
                    out.par_extend(rows.map(|i| f(other.get(i))));
                }
            }
        }
        out
    }))
}

/// `f` on every row of one array, appended to `out` in order.
fn each_row<'a, T: Send, A: ArrayAccessor<Item = &'a str> + Sync>(
    out: &mut Vec<T>,
    array: A,
    f: &(impl Fn(Option<&str>) -> T + Sync),
) {
    let rows = (0..array.len()).into_par_iter().with_min_len(CHUNK);
    if array.null_count() == 0 {
        out.par_extend(rows.map(|i| f(Some(array.value(i)))));
    } else {
        out.par_extend(rows.map(|i| f(array.is_valid(i).then(|| array.value(i)))));
    }
}

/// `f` applied to every row of `column` and the same row of `other` (or `other` itself when it
/// is one string).
fn map_pairs<T: Send>(
    py: Python<'_>,
    column: AnyArray,
    other: Operand,
    f: impl Fn(Option<&str>, Option<&str>) -> T + Sync,
) -> PyResult<Vec<T>> {
    let arrays = arrays(column)?;
    let rows = Rows::of(&arrays)?;
    match other {
        Operand::Text(text) => Ok(run(py, rows.len, |i| f(rows.get(i), Some(&text)))),
        Operand::Column(column) => {
            let others = self::arrays(column)?;
            let others = Rows::of(&others)?;
            let n = pair_length(rows.len, others.len)?;
            Ok(run(py, n, |i| f(rows.row(i), others.row(i))))
        }
    }
}

/// A column of strings: `f` on every row of `column` that is not null.
fn map_strings(
    py: Python<'_>,
    column: AnyArray,
    raise: bool,
    f: impl Fn(&str) -> StringRow<'_> + Sync,
) -> PyResult<Py<PyAny>> {
    let arrays = arrays(column)?;
    let rows = Rows::of(&arrays)?;
    string_column(py, rows.len, raise, |i| rows.get(i).map_or(Ok(None), &f))
}

/// A column of strings: `f` on every row of `column` and the same row of `other` (or `other`
/// itself when it is one string), where neither is null.
fn map_pair_strings(
    py: Python<'_>,
    column: AnyArray,
    other: Operand,
    raise: bool,
    f: impl for<'r> Fn(&'r str, &'r str) -> StringRow<'r> + Sync,
) -> PyResult<Py<PyAny>> {
    let arrays = arrays(column)?;
    let rows = Rows::of(&arrays)?;
    match other {
        Operand::Text(text) => string_column(py, rows.len, raise, |i| match rows.get(i) {
            Some(s) => f(s, &text),
            None => Ok(None),
        }),
        Operand::Column(column) => {
            let others = self::arrays(column)?;
            let others = Rows::of(&others)?;
            let n = pair_length(rows.len, others.len)?;
            string_column(py, n, raise, |i| match (rows.row(i), others.row(i)) {
                (Some(x), Some(y)) => f(x, y),
                _ => Ok(None),
            })
        }
    }
}

/// The rows of the answer of two columns: as many as each has, or as the other has when one
/// has a single row (the same for every row).
fn pair_length(a: usize, b: usize) -> PyResult<usize> {
    match (a, b) {
        _ if a == b => Ok(a),
        (1, n) | (n, 1) => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "the columns differ in length: {a} and {b} rows (one row is used for every row)"
        ))),
    }
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

/// Whether a failed row raises (`errors="raise"`) or is null (`errors="null"`).
fn raises(errors: &str) -> PyResult<bool> {
    match errors {
        "null" => Ok(false),
        "raise" => Ok(true),
        other => Err(PyValueError::new_err(format!(
            "errors must be \"null\" or \"raise\", not {other:?}"
        ))),
    }
}

/// The rows with each failure made null, or the first one raised when `raise`.
fn settle<T>(
    py: Python<'_>,
    rows: Vec<Result<Option<T>, Failure>>,
    raise: bool,
) -> PyResult<Vec<Option<T>>> {
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| match row {
            Ok(v) => Ok(v),
            Err(failure) if raise => Err(failure.into_err(py, Some(i))),
            Err(_) => Ok(None),
        })
        .collect()
}

/// A string a row: the string (often borrowed from the input), null, or why the row failed.
type StringRow<'a> = Result<Option<Cow<'a, str>>, Failure>;

/// The strings of a run of rows: those the rows' functions wrote, one after another in one
/// buffer, and those that are their input unchanged, where they are in the input.
#[derive(Default)]
struct Piece<'a> {
    written: String,
    rows: Vec<Out<'a>>,
    /// The bytes of all its strings.
    bytes: usize,
    /// The first failure: its row, and why.
    failure: Option<(usize, Failure)>,
}

/// A row of a piece.
enum Out<'a> {
    Null,
    /// A string borrowed from the input, copied once, into the answer.
    Input(&'a str),
    /// The end of a string in `written`, which begins where the one before it there ends.
    Written(usize),
}

/// A column of strings, `row(i)` for each of `n` rows. Each task writes its rows into one
/// buffer, so that no row needs an allocation of its own (with one a row, `malloc` took a
/// quarter of `normalize`), and keeps a row that is its input as a reference to it; the pieces
/// are then joined. A failure is null, or raised when `raise`.
fn string_column<'a>(
    py: Python<'_>,
    n: usize,
    raise: bool,
    row: impl Fn(usize) -> StringRow<'a> + Sync,
) -> PyResult<Py<PyAny>> {
    let pieces: Vec<Piece<'a>> = py.detach(|| {
        (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let mut piece = Piece::default();
                for i in c * CHUNK..((c + 1) * CHUNK).min(n) {
                    let out = match row(i) {
                        Ok(Some(Cow::Borrowed(s))) => {
                            piece.bytes += s.len();
                            Out::Input(s)
                        }
                        Ok(Some(Cow::Owned(s))) => {
                            piece.bytes += s.len();
                            piece.written.push_str(&s);
                            Out::Written(piece.written.len())
                        }
                        Ok(None) => Out::Null,
                        Err(failure) => {
                            piece.failure.get_or_insert((i, failure));
                            Out::Null
                        }
                    };
                    piece.rows.push(out);
                }
                piece
            })
            .collect()
    });
    if raise {
        if let Some((i, failure)) = pieces.iter().find_map(|p| p.failure.as_ref()) {
            return Err(failure.clone().into_err(py, Some(*i)));
        }
    }
    let total: usize = pieces.iter().map(|p| p.bytes).sum();
    match i32::try_from(total) {
        Ok(_) => answer(py, Arc::new(join::<i32>(&pieces, n, total))),
        Err(_) => answer(py, Arc::new(join::<i64>(&pieces, n, total))),
    }
}

/// The pieces as one string array of `n` rows and `total` bytes, with offsets of type `O`.
/// Each row is appended as a `&str`, which the builder takes without validating the bytes
/// again (`try_new` on the joined buffer ran UTF-8 validation, a third of `normalize` on IRIs).
fn join<O: OffsetSizeTrait>(pieces: &[Piece<'_>], n: usize, total: usize) -> GenericStringArray<O> {
    let mut b = GenericStringBuilder::<O>::with_capacity(n, total);
    for piece in pieces {
        let mut start = 0;
        for out in &piece.rows {
            match *out {
                Out::Null => b.append_null(),
                Out::Input(s) => b.append_value(s),
                Out::Written(end) => {
                    b.append_value(&piece.written[start..end]);
                    start = end;
                }
            }
        }
    }
    b.finish()
}

/// A string array of `values`: 32-bit offsets, or 64-bit ones (`large_string`) when the strings
/// hold 2 GiB or more, which 32-bit offsets cannot count.
fn texts(values: &[Option<&str>]) -> ArrayRef {
    fn build<O: OffsetSizeTrait>(values: &[Option<&str>], total: usize) -> ArrayRef {
        let mut b = GenericStringBuilder::<O>::with_capacity(values.len(), total);
        b.extend(values.iter().copied());
        Arc::new(b.finish())
    }
    let total: usize = values.iter().flatten().map(|v| v.len()).sum();
    match i32::try_from(total) {
        Ok(_) => build::<i32>(values, total),
        Err(_) => build::<i64>(values, total),
    }
}

/// A column of booleans, packed 64 rows at a time.
fn booleans(py: Python<'_>, rows: Vec<Option<bool>>) -> PyResult<Py<PyAny>> {
    let values = BooleanBuffer::collect_bool(rows.len(), |i| rows[i] == Some(true));
    let nulls = NullBuffer::new(BooleanBuffer::collect_bool(rows.len(), |i| {
        rows[i].is_some()
    }));
    answer(py, Arc::new(BooleanArray::new(values, Some(nulls))))
}

/// A struct array of named columns, null where `valid` is false.
fn structs(columns: Vec<(&str, ArrayRef)>, valid: Option<Vec<bool>>) -> PyResult<StructArray> {
    let fields: Vec<Arc<Field>> = columns
        .iter()
        .map(|(name, c)| Arc::new(Field::new(*name, c.data_type().clone(), true)))
        .collect();
    let columns = columns.into_iter().map(|(_, c)| c).collect();
    StructArray::try_new(fields.into(), columns, valid.map(Into::into))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A list array of `items`, a list of them a row (null where the row is None).
fn lists(items: StructArray, offsets: Vec<i32>, valid: Vec<bool>) -> PyResult<ArrayRef> {
    let field = Arc::new(Field::new("item", items.data_type().clone(), true));
    let list = ListArray::try_new(
        field,
        OffsetBuffer::new(offsets.into()),
        Arc::new(items),
        Some(valid.into()),
    )
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Arc::new(list))
}

/// `f` on the row `s` as `mode` reads it (3987bis 7), its answer owned when the mode rewrote
/// the row.
fn read_row<'a>(
    mode: Mode,
    s: &'a str,
    f: &impl for<'b> Fn(&'b str) -> StringRow<'b>,
) -> StringRow<'a> {
    match mode.apply(s) {
        Cow::Borrowed(text) => f(text),
        Cow::Owned(text) => f(&text).map(|out| out.map(|c| Cow::Owned(c.into_owned()))),
    }
}

/// Booleans: whether each row, read by `mode`, is of `grammar` (`iriscan.is_valid`).
#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref", mode = "strict"))]
pub fn is_valid(py: Python<'_>, array: AnyArray, grammar: &str, mode: &str) -> PyResult<Py<PyAny>> {
    let (grammar, mode): (Grammar, Mode) = (crate::named(grammar)?, crate::named(mode)?);
    let rows = match mode {
        Mode::Strict => map_rows(py, array, |s| {
            s.map(|s| grammar.validate(s.as_bytes()).is_ok())
        })?,
        mode => map_rows(py, array, |s| {
            s.map(|s| grammar.validate(mode.apply(s).as_bytes()).is_ok())
        })?,
    };
    booleans(py, rows)
}

/// A struct (`kind`, `offset` in characters, `message`) for each row that is not of `grammar`.
#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref", mode = "strict"))]
pub fn check(py: Python<'_>, array: AnyArray, grammar: &str, mode: &str) -> PyResult<Py<PyAny>> {
    let (grammar, mode): (Grammar, Mode) = (crate::named(grammar)?, crate::named(mode)?);
    let rows = map_rows(py, array, |s| {
        let text = mode.apply(s?);
        let e = IriRef::parse_as(&text, grammar).err()?;
        let chars = crate::char_offset(&text, e.offset());
        Some((e.kind().name(), chars as u64, e.to_string()))
    })?;
    let valid = rows.iter().map(Option::is_some).collect();
    let kind: Vec<_> = rows.iter().map(|r| r.as_ref().map(|r| r.0)).collect();
    let offset: UInt64Array = rows.iter().map(|r| r.as_ref().map(|r| r.1)).collect();
    let message: Vec<_> = rows
        .iter()
        .map(|r| r.as_ref().map(|r| r.2.as_str()))
        .collect();
    let array = structs(
        vec![
            ("kind", texts(&kind)),
            ("offset", Arc::new(offset)),
            ("message", texts(&message)),
        ],
        Some(valid),
    )?;
    answer(py, Arc::new(array))
}

/// A struct of the components of each row (`PARSE_FIELDS`), as `iriscan.parse` gives them.
#[pyfunction]
#[pyo3(signature = (array, grammar = "iri-ref", mode = "strict", icann_only = false, errors = "null"))]
pub fn parse(
    py: Python<'_>,
    array: AnyArray,
    grammar: &str,
    mode: &str,
    icann_only: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let (grammar, mode): (Grammar, Mode) = (crate::named(grammar)?, crate::named(mode)?);
    let raise = raises(errors)?;
    let sections = crate::sections(icann_only);
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => {
            let text = mode.apply(s);
            IriRef::parse_as(&text, grammar)
                .map(|iri| Some(crate::parts(&iri, sections)))
                .map_err(|e| Failure::of(&text, &e))
        }
    })?;
    let rows = settle(py, rows, raise)?;
    let valid = rows.iter().map(Option::is_some).collect();
    let columns = (0..crate::PARTS.len())
        .map(|k| {
            let values: Vec<_> = rows
                .iter()
                .map(|parts| parts.as_ref().and_then(|p| p[k].as_deref()))
                .collect();
            (crate::PARTS[k], texts(&values))
        })
        .collect();
    answer(py, Arc::new(structs(columns, Some(valid))?))
}

/// Strings: each row as `iriscan.normalize` gives it.
#[pyfunction]
#[pyo3(signature = (array, level = "syntax", errors = "null", nfc = false, nfkc = false, form = "normal", exclude_fragment = false, sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false, base = None))]
#[allow(clippy::too_many_arguments)]
pub fn normalize(
    py: Python<'_>,
    array: AnyArray,
    level: &str,
    errors: &str,
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
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
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
        crate::unicode_form(nfc, nfkc),
        exclude_fragment,
        rules,
        crate::base_iri(py, base)?,
    )?;
    map_strings(py, array, raise, |s| normalizer.apply_row(s))
}

/// Strings: each row as `iriscan.to_uri` gives it.
#[pyfunction]
#[pyo3(signature = (array, host = "auto", query_charset = None, mode = "strict", errors = "null"))]
pub fn to_uri(
    py: Python<'_>,
    array: AnyArray,
    host: &str,
    query_charset: Option<&str>,
    mode: &str,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let mode: Mode = crate::named(mode)?;
    let options = crate::to_uri_options(host, query_charset)?;
    map_strings(py, array, raise, |s| {
        read_row(mode, s, &|text| {
            let iri = IriRef::parse(text).map_err(|e| Failure::of(text, &e))?;
            iri.to_uri_with(&options)
                .map(Some)
                .map_err(|e| Failure::plain(e.kind().name(), e.to_string()))
        })
    })
}

/// Strings: each row as `iriscan.to_iri` gives it.
#[pyfunction]
#[pyo3(signature = (array, to_unicode = true, errors = "null"))]
pub fn to_iri(
    py: Python<'_>,
    array: AnyArray,
    to_unicode: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let options = ToIriOptions::default().to_unicode(to_unicode);
    map_strings(py, array, raise, |s| {
        let iri = IriRef::parse(s).map_err(|e| Failure::of(s, &e))?;
        Ok(Some(iri.to_iri_with(&options)))
    })
}

/// Strings: each row as `iriscan.to_display` gives it.
#[pyfunction]
#[pyo3(signature = (array, embedding = "lre", ascii = false, visual = false, as_written = false, errors = "null"))]
pub fn to_display(
    py: Python<'_>,
    array: AnyArray,
    embedding: &str,
    ascii: bool,
    visual: bool,
    as_written: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let options = crate::display_options(embedding, ascii, visual, as_written)?;
    map_strings(py, array, raise, |s| {
        let iri = IriRef::parse(s).map_err(|e| Failure::of(s, &e))?;
        Ok(Some(Cow::Owned(iri.to_display(&options))))
    })
}

/// A list of lint structs for each row, as `iriscan.lint` gives them.
#[pyfunction]
#[pyo3(signature = (array, errors = "null"))]
pub fn lint(py: Python<'_>, array: AnyArray, errors: &str) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let rows = map_rows(py, array, |s| match s {
        None => Ok(None),
        Some(s) => IriRef::parse(s)
            .map_err(|e| Failure::of(s, &e))
            .map(|i| Some(crate::lint_rows(s, &i))),
    })?;
    let rows = settle(py, rows, raise)?;
    let lints: Vec<&crate::LintRow> = rows.iter().flatten().flatten().collect();
    let text = |f: fn(&crate::LintRow) -> &str| {
        texts(&lints.iter().map(|l| Some(f(l))).collect::<Vec<_>>())
    };
    let number = |f: fn(&crate::LintRow) -> usize| -> ArrayRef {
        Arc::new(
            lints
                .iter()
                .map(|l| Some(f(l) as u64))
                .collect::<UInt64Array>(),
        )
    };
    let mut offsets = vec![0i32];
    let mut end = 0;
    for row in &rows {
        end += row.as_ref().map_or(0, Vec::len);
        offsets.push(list_offset(end)?);
    }
    let items = structs(
        vec![
            ("code", text(|l| l.code)),
            ("severity", text(|l| l.severity)),
            ("component", text(|l| l.component)),
            ("offset", number(|l| l.offset)),
            ("length", number(|l| l.length)),
            ("message", text(|l| &l.message)),
        ],
        None,
    )?;
    let valid = rows.iter().map(Option::is_some).collect();
    answer(py, lists(items, offsets, valid)?)
}

/// An offset of a list array, or an error when a column holds more items than it can count.
fn list_offset(n: usize) -> PyResult<i32> {
    i32::try_from(n).map_err(|_| PyValueError::new_err("more than 2^31 items in one column"))
}

/// A list of structs (`start`, `end`, `iri`) for each row, as `iriscan.extract` finds them.
#[pyfunction]
#[pyo3(signature = (array, schemes = None, www = false, mode = "strict"))]
pub fn extract(
    py: Python<'_>,
    array: AnyArray,
    schemes: Option<&Bound<'_, PyAny>>,
    www: bool,
    mode: &str,
) -> PyResult<Py<PyAny>> {
    let options = crate::extract_options(schemes, www, mode)?;
    let rows = map_rows(py, array, |s| s.map(|s| crate::found_in(s, &options)))?;
    let found: Vec<&(usize, usize, String)> = rows.iter().flatten().flatten().collect();
    let mut offsets = vec![0i32];
    let mut n = 0;
    for row in &rows {
        n += row.as_ref().map_or(0, Vec::len);
        offsets.push(list_offset(n)?);
    }
    let start: UInt64Array = found.iter().map(|f| Some(f.0 as u64)).collect();
    let end: UInt64Array = found.iter().map(|f| Some(f.1 as u64)).collect();
    let iri: Vec<_> = found.iter().map(|f| Some(f.2.as_str())).collect();
    let items = structs(
        vec![
            ("start", Arc::new(start)),
            ("end", Arc::new(end)),
            ("iri", texts(&iri)),
        ],
        None,
    )?;
    let valid = rows.iter().map(Option::is_some).collect();
    answer(py, lists(items, offsets, valid)?)
}

/// The verdicts of `compare` on every pair of rows: a verdict, or a failure's message.
fn verdicts(
    py: Python<'_>,
    a: AnyArray,
    b: Operand,
    options: &CompareOptions<'_>,
) -> PyResult<Vec<Result<Option<Equivalence>, Failure>>> {
    map_pairs(py, a, b, |x, y| {
        let (Some(x), Some(y)) = (x, y) else {
            return Ok(None);
        };
        let x = IriRef::parse(x).map_err(|e| Failure::of(x, &e))?;
        let y = IriRef::parse(y).map_err(|e| Failure::of(y, &e))?;
        comparison::compare(&x, &y, options)
            .map(Some)
            .map_err(|e| Failure::plain("relative_reference", e.to_string()))
    })
}

/// Strings: the verdict of `iriscan.compare` on each row of `a` and of `b`.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", base = None, exclude_fragment = false, errors = "null", sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false))]
#[allow(clippy::too_many_arguments)]
pub fn compare(
    py: Python<'_>,
    a: AnyArray,
    b: Operand,
    level: &str,
    base: Option<&str>,
    exclude_fragment: bool,
    errors: &str,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let rules = crate::protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let options = crate::compare_options(py, level, base, exclude_fragment, rules)?;
    let rows = verdicts(py, a, b, &options)?;
    string_column(py, rows.len(), raise, |i| match &rows[i] {
        Ok(v) => Ok(v.map(|v| Cow::Borrowed(crate::verdict_name(v)))),
        Err(failure) => Err(failure.clone()),
    })
}

/// Booleans: `compare`'s verdicts, null where it cannot tell.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", base = None, exclude_fragment = false, errors = "null", sort_query = false, form_query = false, drop_params = None, drop_tracking = false, strip_www = false))]
#[allow(clippy::too_many_arguments)]
pub fn equivalent(
    py: Python<'_>,
    a: AnyArray,
    b: Operand,
    level: &str,
    base: Option<&str>,
    exclude_fragment: bool,
    errors: &str,
    sort_query: bool,
    form_query: bool,
    drop_params: Option<Vec<String>>,
    drop_tracking: bool,
    strip_www: bool,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    let rules = crate::protocol(
        sort_query,
        form_query,
        drop_params,
        drop_tracking,
        strip_www,
    );
    let options = crate::compare_options(py, level, base, exclude_fragment, rules)?;
    let rows = verdicts(py, a, b, &options)?;
    let rows = settle(py, rows, raise)?;
    booleans(
        py,
        rows.into_iter()
            .map(|v| match v? {
                Equivalence::Equivalent => Some(true),
                Equivalence::Different => Some(false),
                Equivalence::CannotTell => None,
            })
            .collect(),
    )
}

/// An error when the base, given as one string, is not an IRI: a column of nulls would hide it.
fn base_is_an_iri(py: Python<'_>, base: &Operand) -> PyResult<()> {
    match base {
        Operand::Text(b) => Iri::parse(b)
            .map(|_| ())
            .map_err(|e| Failure::of(b, &e).into_err(py, None)),
        Operand::Column(_) => Ok(()),
    }
}

/// Strings: each row resolved against `base` (a string, or a column).
#[pyfunction]
#[pyo3(signature = (array, base, errors = "null"))]
pub fn resolve(
    py: Python<'_>,
    array: AnyArray,
    base: Operand,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    base_is_an_iri(py, &base)?;
    map_pair_strings(py, array, base, raise, |r, b| {
        let b = Iri::parse(b).map_err(|e| Failure::of(b, &e))?;
        let r = IriRef::parse(r).map_err(|e| Failure::of(r, &e))?;
        Ok(Some(Cow::Owned(b.resolve(&r))))
    })
}

/// Strings: the shortest reference to each row from `base` (a string, or a column).
#[pyfunction]
#[pyo3(signature = (array, base, errors = "null"))]
pub fn relativize(
    py: Python<'_>,
    array: AnyArray,
    base: Operand,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let raise = raises(errors)?;
    base_is_an_iri(py, &base)?;
    map_pair_strings(py, array, base, raise, |t, b| {
        let b = Iri::parse(b).map_err(|e| Failure::of(b, &e))?;
        let t = Iri::parse(t).map_err(|e| Failure::of(t, &e))?;
        b.relativize(&t)
            .map(|r| Some(Cow::Owned(r)))
            .map_err(|e| Failure::plain("relativize", e.to_string()))
    })
}
