//! Reference resolution (RFC 3986 5.2, which 3987bis 6.5 applies to IRIs as it stands) and its
//! inverse: [`Iri::resolve`], [`Iri::resolve_into`], [`Iri::relativize`], and
//! [`remove_dot_segments`].
//!
//! Resolution works on IRIs directly: the characters an IRI adds to a URI are copied like the
//! unreserved characters of a URI are (3987bis 6.5), nothing is percent-encoded or decoded.
//!
//! ```
//! use iriscan::{Iri, IriRef};
//! let base = Iri::parse("http://例え.jp/パス/a/b?q")?;
//! assert_eq!(base.resolve(&IriRef::parse("../c#ß")?), "http://例え.jp/パス/c#ß");
//!
//! let target = Iri::parse("http://例え.jp/パス/c#ß")?;
//! assert_eq!(base.relativize(&target)?, "../c#ß");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A base must be an absolute IRI (RFC 3986 5.2.1): [`Iri`] is one by its type, and a relative
//! reference cannot be made one by guessing; parse the base with [`Iri::parse`], which refuses
//! a reference without a scheme.

use crate::{Iri, IriRef};
use std::borrow::Cow;
use std::fmt;

impl<'a> Iri<'a> {
    /// Resolves `reference` against this IRI as base: RFC 3986 5.2.2 in strict mode (a reference
    /// with a scheme is never read as relative, even when the scheme is the base's), with
    /// [`remove_dot_segments`] (5.2.4), merge (5.2.3) and recomposition (5.3). The base's fragment
    /// is ignored (5.2.1). The result is an IRI.
    ///
    /// ```
    /// use iriscan::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let resolve = |r| Ok::<_, iriscan::Error>(base.resolve(&IriRef::parse(r)?));
    /// assert_eq!(resolve("../g")?, "http://a/b/g");          // RFC 3986 5.4.1
    /// assert_eq!(resolve("?y")?, "http://a/b/c/d;p?y");
    /// assert_eq!(resolve("http:g")?, "http:g");              // 5.4.2, strict
    /// assert_eq!(resolve("résumé?q=ü")?, "http://a/b/c/résumé?q=ü");
    /// # Ok::<(), iriscan::Error>(())
    /// ```
    ///
    /// One case departs from the letter of 5.3 (README, "How the spec is read"): when the result
    /// has no authority and its path starts with "//" (base `a:/b`, reference `..//g`), the
    /// path is written `/.//g`, as the WHATWG URL serializer writes it, since `a://g` would read
    /// back with an authority "g" (RFC 3986 3.3 forbids such a path without an authority).
    #[must_use]
    pub fn resolve(&self, reference: &IriRef<'_>) -> String {
        let rs = reference.as_str();
        if reference.is_absolute()
            && !has_dot_segment_in(rs, reference.path_start(), reference.path_end())
        {
            // The common case of `resolve_into`: T is R, copied to a string of its size.
            return rs.to_owned();
        }
        // The most the result can take (`resolve_into` reserves as much): one allocation.
        let mut out = String::with_capacity(self.as_str().len() + rs.len());
        self.resolve_into(reference, &mut out);
        out
    }

    /// [`resolve`](Iri::resolve), appending the result to `out` (which is not cleared), so that a
    /// loop can reuse one buffer and allocate nothing.
    ///
    /// ```
    /// use iriscan::{Iri, IriRef};
    /// let base = Iri::parse("https://example.org/docs/guide/")?;
    /// let mut out = String::new();
    /// for r in ["intro", "../api/", "/", "#top"] {
    ///     out.clear();
    ///     base.resolve_into(&IriRef::parse(r)?, &mut out);
    ///     println!("{out}");
    /// }
    /// assert_eq!(out, "https://example.org/docs/guide/#top");
    /// # Ok::<(), iriscan::Error>(())
    /// ```
    pub fn resolve_into(&self, reference: &IriRef<'_>, out: &mut String) {
        resolve_into(&self.as_iri_ref(), reference, out)
    }

    /// The shortest reference that resolves against this IRI as base back to `target`:
    /// `base.resolve(&IriRef::parse(&base.relativize(&target)?)?) == target.as_str()`, always,
    /// string for string (resolution normalizes nothing but dot segments, so neither does this).
    ///
    /// The reference is the shortest of: an empty path with the query and fragment (`?y`,
    /// `#s`, or nothing), a relative path (`g`, `../g`, `./g:h` when the first segment has a
    /// ":" (RFC 3986 4.2), `.` for a directory), an absolute path (`/g`), a network-path
    /// reference (`//host/g`, when the authority differs), or the target itself (when the scheme
    /// differs, or the target has no authority and the base has one); a tie goes to the earlier
    /// in that list.
    ///
    /// ```
    /// use iriscan::Iri;
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let rel = |t| base.relativize(&Iri::parse(t).unwrap());
    /// assert_eq!(rel("http://a/b/c/g")?, "g");
    /// assert_eq!(rel("http://a/b/g?y")?, "../g?y");
    /// assert_eq!(rel("http://a/b/c/d;p?q#s")?, "#s");
    /// assert_eq!(rel("http://a/x")?, "/x");
    /// assert_eq!(rel("http://b/c")?, "//b/c");
    /// assert_eq!(rel("https://a/b")?, "https://a/b");
    /// // Resolution removes dot segments, so no reference gives this one:
    /// assert!(rel("http://a/b/../c").is_err());
    /// # Ok::<(), iriscan::resolve::RelativizeError>(())
    /// ```
    pub fn relativize(&self, target: &Iri<'_>) -> Result<String, RelativizeError> {
        relativize(&self.as_iri_ref(), &target.as_iri_ref())
    }
}

/// RFC 3986 5.2.2, strict, with the recomposition of 5.3, appended to `out`.
fn resolve_into(base: &IriRef<'_>, r: &IriRef<'_>, out: &mut String) {
    let rs = r.as_str();
    let bs = base.as_str();
    out.reserve(bs.len() + rs.len());
    let has_authority;
    let path_at;
    if r.is_absolute() {
        // 5.2.2: "if defined(R.scheme)": T takes R's scheme, authority and query, and R's path
        // without its dot segments.
        if !has_dot_segment_in(rs, r.path_start(), r.path_end()) {
            // The common case: T is R (without authority, R's path cannot start with "//").
            out.push_str(rs);
            return;
        }
        out.push_str(&rs[..r.path_start()]);
        has_authority = r.authority().is_some();
        path_at = out.len();
        push_without_dot_segments(out, r.path());
    } else if r.authority().is_some() {
        // 5.2.2: "if defined(R.authority)": the base's scheme, the rest from R.
        out.push_str(&bs[..base.scheme().map_or(0, str::len) + 1]);
        out.push_str(&rs[..r.path_start()]);
        has_authority = true;
        path_at = out.len();
        push_without_dot_segments(out, r.path());
    } else if r.path().is_empty() {
        // 5.2.2: "if (R.path == "")": the base's path as it is (dot segments and all), and the
        // base's query unless R has one. The base's fragment is never taken (5.2.1).
        if r.query().is_some() {
            out.push_str(&bs[..base.path_end()]);
        } else {
            out.push_str(&bs[..base.query_end()]);
        }
        // `rs` is "", "?query", "#fragment" or both.
        out.push_str(rs);
        return;
    } else {
        // The base's scheme and authority.
        out.push_str(&bs[..base.path_start()]);
        has_authority = base.authority().is_some();
        path_at = out.len();
        let path = r.path();
        if path.starts_with('/') {
            // 5.2.2: "if (R.path starts-with "/")": R's path without its dot segments.
            push_without_dot_segments(out, path);
        } else {
            // 5.2.2: "T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path)".
            push_merged(out, base, path);
        }
    }
    // 5.3 (see `Iri::resolve`): a path that starts with "//" is written "/.//" when there is
    // no authority, so that it does not read back as one (RFC 3986 3.3).
    if !has_authority && out.as_bytes()[path_at..].starts_with(b"//") {
        out.insert_str(path_at, "/.");
    }
    // R's query and fragment (5.2.2: "T.query = R.query", "T.fragment = R.fragment").
    out.push_str(&rs[r.path_end()..]);
}

/// RFC 3986 5.2.3 (merge) followed by 5.2.4 (remove_dot_segments), appended to `out`, without
/// building the merged path when it can be helped.
fn push_merged(out: &mut String, base: &IriRef<'_>, path: &str) {
    let base_path = base.path();
    // 5.2.3: "If the base URI has a defined authority component and an empty path, then return
    // a string consisting of "/" concatenated with the reference's path; otherwise, return a
    // string consisting of the reference's path component appended to all but the last segment
    // of the base URI's path (i.e., excluding any characters after the right-most "/" in the
    // base URI path, or excluding the entire base URI path if it does not have any "/"
    // characters)."
    let dir = if base.authority().is_some() && base_path.is_empty() {
        "/"
    } else {
        match rfind_slash(base_path.as_bytes()) {
            Some(i) => &base_path[..=i],
            None => "",
        }
    };
    if dir.is_empty() {
        push_without_dot_segments(out, path);
    } else if has_dot_segment(dir) {
        // Rare: a base with dot segments of its own. 5.2.4 on the merged path, as written.
        let mut merged = String::with_capacity(dir.len() + path.len());
        merged.push_str(dir);
        merged.push_str(path);
        push_without_dot_segments(out, &merged);
    } else if !has_dot_segment(path) {
        // Neither has a dot segment, and `dir` ends with "/": 5.2.4 changes nothing.
        out.push_str(dir);
        out.push_str(path);
    } else {
        // 5.2.4 over `dir` (which ends with "/" and holds no dot segment) only moves its
        // segments to the output (rule E); what is left of the input is "/" + `path`.
        let start = out.len();
        out.push_str(&dir[..dir.len() - 1]);
        let rest = slash_then(out, start, path);
        remove_dot_segments_loop(out, start, rest);
    }
}

/// One step of 5.2.4 on the input "/" + `path`, where the output of the path begins at
/// `start`; returns what is left of the input.
fn slash_then<'p>(out: &mut String, start: usize, path: &'p str) -> &'p str {
    if path == "." {
        // B: "/." becomes "/".
        "/"
    } else if path.starts_with("./") {
        // B: "/./" becomes "/".
        &path[1..]
    } else if path == ".." {
        // C: "/.." becomes "/", and the last output segment goes.
        pop_segment(out, start);
        "/"
    } else if path.starts_with("../") {
        // C: "/../" becomes "/", and the last output segment goes.
        pop_segment(out, start);
        &path[2..]
    } else {
        // E: "/" and the first segment move to the output.
        let end = find_slash(path.as_bytes()).unwrap_or(path.len());
        out.push('/');
        out.push_str(&path[..end]);
        &path[end..]
    }
}

/// Whether `path` has a complete "." or ".." segment (RFC 3986 3.3), which 5.2.4 removes.
///
/// Such a segment starts with "/." (or "." at the start), which few paths have: eight bytes at a
/// time are searched for a "." after a "/" (SWAR), and only a word with such a pair is looked at
/// closely.
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    if b.first() == Some(&b'.') && dot_segment_at(b, 0) {
        return true;
    }
    let mut words = b.chunks_exact(8);
    let mut at = 0;
    // The byte before the word, in the low byte (0 before the first: no "/" there).
    let mut before = 0;
    for word in words.by_ref() {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        if may_pair(w, before) && pairs_in(b, at, w, before, 0) {
            return true;
        }
        before = w >> 56;
        at += 8;
    }
    let rest = words.remainder();
    if rest.is_empty() {
        false
    } else if b.len() >= 8 {
        // The last eight bytes, which overlap the words done: their pairs are left out.
        let start = b.len() - 8;
        let w = u64::from_le_bytes(b[start..].try_into().expect("8 bytes"));
        let before = start.checked_sub(1).map_or(0, |i| u64::from(b[i]));
        may_pair(w, before) && pairs_in(b, start, w, before, at - start)
    } else {
        // A short path, as a word padded with zeros (which match neither "." nor "/").
        let w = rest
            .iter()
            .rev()
            .fold(0u64, |w, &byte| (w << 8) | u64::from(byte));
        may_pair(w, before) && pairs_in(b, at, w, before, 0)
    }
}

/// [`has_dot_segment`] for the path `s[start..end]` of a longer string: 16 bytes at a time
/// ([`crate::simd::slash_dot_pairs`]), reading windows of `s` around the path where the path
/// alone is too short for one (a path mostly is, its line seldom), so that one window, and no
/// padding of the tail, does for most paths.
#[inline(always)]
pub(crate) fn has_dot_segment_in(s: &str, start: usize, end: usize) -> bool {
    let b = s.as_bytes();
    if b.len() < 17 {
        return has_dot_segment(&s[start..end]);
    }
    let path = &b[start..end];
    if path.first() == Some(&b'.') && dot_segment_at(path, 0) {
        return true;
    }
    // A "." after a "/", at `start + 1` or later.
    crate::simd::any_in_windows(b, start + 1, end, crate::simd::slash_dot_pairs, |k| {
        dot_segment_at(path, k - start)
    })
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// Whether the word `w` may hold a "." after a "/" (`before` is the byte before it): a byte of
/// `z` is zero where there is one, and the classic zero-byte test finds it (its false positives
/// come only with a true one).
#[inline(always)]
fn may_pair(w: u64, before: u64) -> bool {
    let z = (w ^ (LO * u64::from(b'.'))) | (((w << 8) | before) ^ (LO * u64::from(b'/')));
    z.wrapping_sub(LO) & !z & HI != 0
}

/// Whether a "." after a "/" in the word `w`, at `at` in `b`, from its byte `skip` on, starts a
/// dot segment.
#[cold]
fn pairs_in(b: &[u8], at: usize, w: u64, before: u64, skip: usize) -> bool {
    let mut pairs =
        bytes_equal(w, b'.') & bytes_equal((w << 8) | before, b'/') & (!0u64 << (8 * skip));
    while pairs != 0 {
        if dot_segment_at(b, at + (pairs.trailing_zeros() / 8) as usize) {
            return true;
        }
        pairs &= pairs - 1;
    }
    false
}

/// The high bit of each byte of `w` that equals `byte`, exactly (no carry between bytes).
#[inline]
fn bytes_equal(w: u64, byte: u8) -> u64 {
    let x = w ^ (LO * u64::from(byte));
    !(((x & !HI) + !HI) | x) & HI
}

/// Whether the "." at `i` of `b`, which starts a segment, makes the segment "." or "..".
#[inline]
fn dot_segment_at(b: &[u8], i: usize) -> bool {
    match b.get(i + 1) {
        None | Some(b'/') => true,
        Some(b'.') => matches!(b.get(i + 2), None | Some(b'/')),
        Some(_) => false,
    }
}

/// RFC 3986 5.2.4 `remove_dot_segments`: the path without its "." and ".." segments, borrowed
/// when it has none. It applies to any path, of an IRI or a relative reference; normalization
/// applies it to the path of an IRI (3987bis 5.3.2.4 by way of RFC 3986 6.2.2.3).
///
/// ```
/// use iriscan::resolve::remove_dot_segments;
/// // The two examples of RFC 3986 5.2.4:
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// // Non-ASCII segments are segments like any other (3987bis 6.5):
/// assert_eq!(remove_dot_segments("/パス/./ß/../x"), "/パス/x");
/// // Without a dot segment, nothing is copied:
/// assert!(matches!(remove_dot_segments("/a.b/..c/"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if !has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_loop(&mut out, 0, path);
    Cow::Owned(out)
}

/// 5.2.4 appended to `out`, copied as it is when `path` has no dot segment.
#[inline]
pub(crate) fn push_without_dot_segments(out: &mut String, path: &str) {
    if has_dot_segment(path) {
        let start = out.len();
        remove_dot_segments_loop(out, start, path);
    } else {
        out.push_str(path);
    }
}

/// The loop of RFC 3986 5.2.4, rules A to E in its order, over the input buffer `input`; the
/// output buffer is `out[start..]`.
fn remove_dot_segments_loop(out: &mut String, start: usize, mut input: &str) {
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A: "If the input buffer begins with a prefix of "../" or "./", then remove that
            // prefix from the input buffer".
            input = rest;
        } else if input.starts_with("/./") {
            // B: "if the input buffer begins with a prefix of "/./" or "/.", where "." is a
            // complete path segment, then replace that prefix with "/"".
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            // C: "if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
            // complete path segment, then replace that prefix with "/" and remove the last
            // segment and its preceding "/" (if any) from the output buffer".
            input = &input[3..];
            pop_segment(out, start);
        } else if input == "/.." {
            input = "/";
            pop_segment(out, start);
        } else if input == "." || input == ".." {
            // D: "if the input buffer consists only of "." or "..", then remove that from the
            // input buffer".
            input = "";
        } else {
            // E: "move the first path segment in the input buffer to the end of the output
            // buffer, including the initial "/" character (if any) and any subsequent
            // characters up to, but not including, the next "/" character or the end of the
            // input buffer."
            let from = usize::from(input.starts_with('/'));
            let end = find_slash(&input.as_bytes()[from..]).map_or(input.len(), |i| i + from);
            out.push_str(&input[..end]);
            input = &input[end..];
        }
    }
}

/// The first "/" of `b`: segments are short, and a plain loop beats `memchr`'s set-up there.
#[inline]
fn find_slash(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'/')
}

/// The last "/" of `b` (see [`find_slash`]).
#[inline]
fn rfind_slash(b: &[u8]) -> Option<usize> {
    b.iter().rposition(|&c| c == b'/')
}

/// 5.2.4 C: "remove the last segment and its preceding "/" (if any) from the output buffer".
#[inline]
fn pop_segment(out: &mut String, start: usize) {
    let cut = rfind_slash(&out.as_bytes()[start..]).unwrap_or(0);
    out.truncate(start + cut);
}

/// The inverse of resolution (see [`Iri::relativize`]): candidates from the shortest, each
/// checked by resolving it.
fn relativize(base: &IriRef<'_>, target: &IriRef<'_>) -> Result<String, RelativizeError> {
    let t = target.as_str();
    let (tp, bp) = (target.path(), base.path());
    let same_scheme = target.scheme() == base.scheme();
    let same_authority = same_scheme && target.authority() == base.authority();
    // 5.2.2 with an empty R.path: T takes the base's path as it is (even with dot segments),
    // and its query unless R has one. The shortest reference there is: nothing else is copied.
    if same_authority && tp == bp {
        if target.query() == base.query() {
            return Ok(t[target.query_end()..].to_string());
        }
        if target.query().is_some() {
            return Ok(t[target.path_end()..].to_string());
        }
        // The target has no query and the base has one: a path is needed.
    }
    let mut candidates: Vec<String> = Vec::with_capacity(4);
    let tail = &t[target.path_end()..];
    if same_authority {
        // 5.2.2 with a relative R.path: merge (5.2.3), then remove_dot_segments (5.2.4).
        if let Some(path) = relative_path(base, tp) {
            let mut r = String::with_capacity(path.len() + tail.len());
            r.push_str(&path);
            r.push_str(tail);
            candidates.push(r);
        }
        // 5.2.2 with R.path starting with "/" (4.2 `path-absolute`: not "//").
        if tp.starts_with('/') && !tp.starts_with("//") {
            candidates.push(t[target.path_start()..].to_string());
        }
    }
    // 5.2.2 with R.authority (4.2 network-path reference).
    if same_scheme && target.authority().is_some() {
        candidates.push(t[base.scheme().map_or(0, str::len) + 1..].to_string());
    }
    // 5.2.2 with R.scheme (strict): the target itself.
    candidates.push(t.to_string());
    // The shortest first; a tie keeps the order above.
    candidates.sort_by_key(String::len);
    let mut check = String::with_capacity(t.len());
    for r in candidates {
        if let Ok(parsed) = IriRef::parse(&r) {
            check.clear();
            resolve_into(base, &parsed, &mut check);
            if check == t {
                return Ok(r);
            }
        }
    }
    // The target itself resolves to itself unless 5.2.4 changes its path: it has a "." or
    // ".." segment that no reference can give back.
    Err(RelativizeError {
        kind: RelativizeErrorKind::DotSegments,
        path: tp.to_string(),
    })
}

/// A relative-path reference's path (RFC 3986 4.2) that merge (5.2.3) with the base's path and
/// remove_dot_segments (5.2.4) turn into `tp`: as many "../" as the base has directories below
/// the ones it shares with `tp`, then the rest of `tp`. `None` when there is no such path.
fn relative_path(base: &IriRef<'_>, tp: &str) -> Option<String> {
    let bp = base.path();
    let dir = if base.authority().is_some() && bp.is_empty() {
        Cow::Borrowed("/")
    } else {
        match memchr::memrchr(b'/', bp.as_bytes()) {
            // 5.2.3: merge keeps the base's path up to its last "/", and 5.2.4 then removes its
            // dot segments: the directory the reference starts from.
            Some(i) => remove_dot_segments(&bp[..=i]),
            None => Cow::Borrowed(""),
        }
    };
    if has_dot_segment(tp) {
        return None;
    }
    if dir.is_empty() {
        // A base path without "/" (and no authority): merge gives the reference's path.
        return match tp {
            // 5.2.4 D: "." becomes "".
            "" => Some(".".to_string()),
            _ if tp.starts_with('/') => None,
            _ => Some(no_scheme(tp)),
        };
    }
    if dir.starts_with('/') != tp.starts_with('/') || tp.is_empty() {
        return None;
    }
    // The longest run of the base's directories (each with its "/") that `tp` starts with; the
    // base's other directories are climbed with "../" (5.2.4 C).
    let common = dir
        .bytes()
        .zip(tp.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let shared = memchr::memrchr(b'/', &dir.as_bytes()[..common]).map_or(0, |i| i + 1);
    let ups = memchr::memchr_iter(b'/', &dir.as_bytes()[shared..]).count();
    let rest = &tp[shared..];
    if ups == 0 {
        return Some(match rest {
            // The base's directory itself (5.2.4 B turns "/." into "/").
            "" => ".".to_string(),
            _ => no_scheme(rest),
        });
    }
    let mut r = String::with_capacity(3 * ups + rest.len());
    for _ in 0..ups {
        r.push_str("../");
    }
    if rest.is_empty() {
        // "../.." rather than "../../": 5.2.4 C ends the path with "/" all the same.
        r.pop();
    }
    r.push_str(rest);
    Some(r)
}

/// `path` as a relative-path reference (RFC 3986 4.2): "./" before it when its first segment
/// has a ":" (it would read as a scheme) or is empty (it would read as an absolute path or an
/// authority).
fn no_scheme(path: &str) -> String {
    let head = &path[..memchr::memchr(b'/', path.as_bytes()).unwrap_or(path.len())];
    if head.is_empty() || head.contains(':') {
        format!("./{path}")
    } else {
        path.to_string()
    }
}

/// Why [`Iri::relativize`] found no reference: the target's path has a "." or ".." segment,
/// which resolution removes (RFC 3986 5.2.4), and is not the base's path.
///
/// ```
/// use iriscan::{resolve::RelativizeErrorKind, Iri};
/// let base = Iri::parse("http://example.org/a/")?;
/// let err = base.relativize(&Iri::parse("http://example.org/a/./b")?).unwrap_err();
/// assert_eq!(err.kind(), RelativizeErrorKind::DotSegments);
/// assert_eq!(err.to_string(), "the path \"/a/./b\" has a \".\" or \"..\" segment, which \
///     resolution removes (RFC 3986 5.2.4): no reference resolves to this IRI");
/// # Ok::<(), iriscan::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelativizeError {
    kind: RelativizeErrorKind,
    path: String,
}

/// The kind of a [`RelativizeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RelativizeErrorKind {
    /// The target's path has a "." or ".." segment (RFC 3986 5.2.4).
    DotSegments,
}

impl RelativizeErrorKind {
    /// The kind as a `snake_case` name, as the command's JSON output gives it.
    ///
    /// ```
    /// assert_eq!(iriscan::resolve::RelativizeErrorKind::DotSegments.name(), "dot_segments");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            RelativizeErrorKind::DotSegments => "dot_segments",
        }
    }
}

impl RelativizeError {
    /// The kind of failure.
    pub fn kind(&self) -> RelativizeErrorKind {
        self.kind
    }
}

impl fmt::Display for RelativizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RelativizeErrorKind::DotSegments => write!(
                f,
                "the path {:?} has a \".\" or \"..\" segment, which resolution removes \
                 (RFC 3986 5.2.4): no reference resolves to this IRI",
                self.path
            ),
        }
    }
}

impl std::error::Error for RelativizeError {}

#[cfg(test)]
mod tests {
    use super::{has_dot_segment, has_dot_segment_in};

    /// The SWAR search against the plain definition, on every short path over a small alphabet
    /// and at every position within the eight-byte words.
    #[test]
    fn has_dot_segment_is_the_definition() {
        let plain = |p: &str| p.split('/').any(|s| s == "." || s == "..");
        let alphabet = ['/', '.', 'a'];
        for len in 0..=7 {
            for mut n in 0..3usize.pow(len) {
                let mut p = String::new();
                for _ in 0..len {
                    p.push(alphabet[n % 3]);
                    n /= 3;
                }
                for pad in 0..10 {
                    let padded = format!("{}{p}", "/x".repeat(pad));
                    assert_eq!(has_dot_segment(&padded), plain(&padded), "{padded:?}");
                    let padded = format!("{p}{}", "/x".repeat(pad));
                    assert_eq!(has_dot_segment(&padded), plain(&padded), "{padded:?}");
                    let padded = format!("{}{p}", "x".repeat(pad));
                    assert_eq!(has_dot_segment(&padded), plain(&padded), "{padded:?}");
                }
                // Within a line, with bytes around the path that the windows read too.
                for before in ["", "/", ".", "x:", "http://host.example/"] {
                    for after in ["", "/", ".", "?a/./b", "?/../../../../../../../../.."] {
                        for pad in [0, 3, 9, 15, 16, 17, 30] {
                            let path = format!("{}{p}", "/x".repeat(pad));
                            let line = format!("{before}{path}{after}");
                            let (start, end) = (before.len(), before.len() + path.len());
                            assert_eq!(
                                has_dot_segment_in(&line, start, end),
                                plain(&path),
                                "{line:?} {start}..{end}"
                            );
                        }
                    }
                }
            }
        }
    }
}
