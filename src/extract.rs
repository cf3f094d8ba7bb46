//! IRIs in running text (3987bis 8.3): log lines, chat, mail and Markdown carry IRIs inside
//! sentences in every script, and "a non-ASCII character should not be taken as the indication
//! of the end of an IRI".
//!
//! ```
//! use iriscan::extract::{extract, ExtractOptions};
//!
//! let text = "詳しくは「https://例え.jp/パス?q=Dürst」を、英語なら (see http://en.wikipedia.org/wiki/Foo_(bar)).";
//! let options = ExtractOptions::new();
//! let found: Vec<_> = extract(text, &options).map(|f| f.as_str()).collect();
//! assert_eq!(found, ["https://例え.jp/パス?q=Dürst", "http://en.wikipedia.org/wiki/Foo_(bar)"]);
//!
//! // With `www`, a host starting with "www." is read as an HTTP IRI.
//! let options = ExtractOptions::new().www(true);
//! let found = extract("Visit www.example.com/a, or not.", &options).next().unwrap();
//! assert_eq!((found.as_str(), found.iri().as_str()), ("www.example.com/a", "http://www.example.com/a"));
//! assert_eq!(found.range(), 6..23);
//! ```
//!
//! What counts as an IRI (docs/spec-choices.md E1 to E10):
//! - a start: a scheme of the scheme table (or of [`ExtractOptions::schemes`]) followed by ":"
//!   (in lowercase or in capitals: `File:` is a word; not "::"; and by "//" where the table
//!   says its IRIs have an authority: not `HTTP:80`), or any scheme followed by
//!   "://" (by default; the table's scheme after a "." that ends a sentence, `out.http://a.com/`,
//!   and not the letters of an escape before it, `\fBhttp://a.com/`); with
//!   [`ExtractOptions::www`], "www." at the start of a word, read as "http://www.";
//! - it runs on through the characters an IRI may hold, non-ASCII ones included, and ends at one
//!   it may not, at white space of any script and the zero width characters (U+200B, U+2060,
//!   U+FEFF), at "<", ">" and '"' (7.3), at quotation marks of any script, and at bytes that
//!   are not UTF-8;
//!   and, where text goes on without a space, at the sentence punctuation of Chinese and
//!   Japanese text ("。", "、", "，"...; their dash and ellipsis, "——" and "……"; an ASCII ","
//!   before a letter of theirs), at a closing bracket of theirs ("）", "】"...) or an ASCII one
//!   before a character beyond ASCII (`(詳細: https://a.jp/x)を参照`) without its partner,
//!   and before an opening bracket of theirs without its partner (`https://a.com/x（仅限内网`);
//! - the punctuation that ends a sentence (". , ; : ! ?" and their full-width and script forms)
//!   and a closing bracket or a "'" without its partner inside are not part of its end, nor a
//!   template's "$" before the "{" it ends at, nor the "-"s of an arrow before its ">", nor a
//!   "'" (or Markdown's "*", "_", "~", "`", or "|", "^") when the same stands right before it
//!   or among the marks nested there (`*_`; a "|" also after a table cell's "|" and spaces),
//!   nor Markdown's emphasis opened earlier on its line (`**see http://a.com/x**`); between
//!   "<" and ">", or two '"', its end is its own;
//! - after a "'", or an HTML character reference for "'" or '"' (`&quot;`, `&#39;`), it ends
//!   at the first of the same, its end its own (`['http://a.com/x','http://b.com/y']`), and
//!   after Hebrew's "״" or "׳", at the first of the same that no Hebrew letter follows; after
//!   an opening bracket, before its partner (`(https://a.com/x)-based`);
//! - it is the longest start of what is left that the grammar accepts (`IRI`, after the mapping
//!   of [`ExtractOptions::mode`]), but for none that ends inside its authority before its port
//!   (not `http://exa` for `http://exa%mple.com/`, nor `file://C` for `file://C:\Users`), and
//!   it must go beyond its scheme and "//" with a letter or a digit of some script or an IP
//!   literal (not `news:-(`);
//! - a "'" in its host or port ends it (`https://github.com's`), and so does a "," or ";" right
//!   before another IRI's start (`https://a.com,https://b.com`), and text beyond ASCII that its
//!   host's last label goes on into from ASCII (`https://naver.com에서`, `https://a.com—it`).

use crate::preprocess::Mode;
use crate::scan::{self, Positions};
use crate::simd;
use crate::tables::{ascii, class, lint_class, LintClass};
use crate::{Component, Grammar, IriRef};
use std::borrow::Cow;
use std::ops::Range;

/// Which IRIs [`extract`] finds, and how it reads them.
#[derive(Clone, Debug, Default)]
pub struct ExtractOptions {
    schemes: Option<Vec<String>>,
    /// The bytes the schemes of `schemes` end with, either case: bit `c` for byte `c`.
    schemes_last_bytes: u128,
    www: bool,
    mode: Mode,
}

impl ExtractOptions {
    /// The default: the schemes of the scheme table followed by ":", any scheme followed by
    /// "//", no "www.", strict IRIs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Only these schemes (ASCII case ignored) start an IRI, followed by ":" (with or without
    /// "//" after it); other schemes do not, even followed by "//". A name that is not a
    /// scheme ([`crate::is_scheme_name`]) starts none: the command and the Python package
    /// refuse one.
    pub fn schemes<I, S>(mut self, schemes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let schemes: Vec<String> = schemes.into_iter().map(Into::into).collect();
        self.schemes_last_bytes = crate::scheme::last_bytes(schemes.iter().map(|s| s.as_bytes()));
        self.schemes = Some(schemes);
        self
    }

    /// Whether "www." at the start of a word starts an IRI too, read as "http://www.".
    pub fn www(mut self, www: bool) -> Self {
        self.www = www;
        self
    }

    /// How a candidate is read before the grammar judges it: strict, or one of the liberal
    /// modes of 3987bis 7 ([`Mode`]), which also let a candidate run on through the characters
    /// they map ("{", "}", "|", "\\", "^", "`").
    pub fn mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Whether a scheme that ends with `last` may start an IRI, followed by "//" or not
    /// (`slashes`). A test of one byte before the walk back over the scheme: it passes over the
    /// ":"s that no scheme counting there can end at, such as those of a time of day (where only
    /// the table's schemes count, and none of them ends with a digit).
    fn may_end_scheme(&self, last: u8, slashes: bool) -> bool {
        let bits = match &self.schemes {
            None if slashes => return true,
            None => crate::tables::SCHEME_LAST_BYTES,
            Some(_) => self.schemes_last_bytes,
        };
        last < 128 && bits >> last & 1 != 0
    }

    /// Whether `scheme` is one of the table (or of `schemes`, where given); and whether it
    /// starts an IRI followed by ":", and if so whether only when "//" follows: any scheme with
    /// it, by default, and one of the table whose IRIs have an authority only with it (E1).
    /// One lookup in the table for both.
    fn starts(&self, scheme: &[u8]) -> (bool, Option<bool>) {
        let info = crate::scheme::scheme_info_of_bytes(scheme);
        let authority = info.is_some_and(|i| i.authority);
        match &self.schemes {
            Some(list) => {
                let listed = list
                    .iter()
                    .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme));
                (listed, listed.then_some(authority))
            }
            None => (info.is_some(), Some(info.is_none() || authority)),
        }
    }
}

/// The IRIs in `text`, in order, none overlapping (see the [module](self)); what is found
/// borrows from `text` alone.
pub fn extract<'t, 'o, T: AsRef<[u8]> + ?Sized>(
    text: &'t T,
    options: &'o ExtractOptions,
) -> Extract<'t, 'o> {
    Extract {
        text: text.as_ref(),
        options,
        at: 0,
        colons: None,
        www: None,
        reach: (0, 0),
        authority_end: ((usize::MAX, 0), 0, 0, None),
        tail: None,
        authority_tail: None,
        partners: None,
        window: FIRST_WINDOW,
        mapped: 0,
        reread: 0,
        reach_marks: 0,
        apostrophe: FirstInRun::NONE,
        list: FirstInRun::NONE,
        authority_stop: FirstInRun::NONE,
    }
}

/// The length of the first prefix of a candidate a liberal mode reads (`prefix_fails`).
const FIRST_WINDOW: usize = 256;

/// How many times the length of a run a liberal mode maps for the candidates of the run it
/// tries whole ([`Extract::mapped_whole`]) before it stops trying: each is mapped from its start
/// to the end of the run, so a run of many that the grammar refuses near its end took time n².
const MAPPING_BUDGET: usize = 4;

/// How many times the length of a run the candidates that start inside it read again from
/// their own starts ([`Extract::reach_from`]) before they share its end: each reads to the end
/// of the run, so a run of many took time n².
const REREAD_BUDGET: usize = 4;

/// The iterator of [`extract`].
#[derive(Clone, Debug)]
pub struct Extract<'t, 'o> {
    text: &'t [u8],
    options: &'o ExtractOptions,
    /// Where the search goes on: nothing before is looked at again.
    at: usize,
    /// The ":"s of the 64 bytes of the text from an offset, once looked for, bit k for the
    /// byte at the offset plus k (those before `at` cleared): the offset and the bits, none
    /// when no ":" is left. A search of its own for each ":" cost a log line more than the
    /// ":"s did, and one looked for again after each "www." IRI made a text of many of them
    /// quadratic.
    colons: Option<(usize, u64)>,
    /// The next "www." at or after `at`, once looked for (`text.len()` for none).
    www: Option<usize>,
    /// The last run [`reach`] read: from where, to where. Every start inside it reaches its
    /// end, and candidates that fail start again inside it: read again each time, a run of
    /// many made a text quadratic.
    reach: (usize, usize),
    /// The run of the last "www." candidate ([`Self::reach`]), where the candidate was read
    /// from, the first "@", "/", "?" or "#" of the run at or after it (or the run's end), and
    /// the last ":" (or character strict mode ends a candidate at) between: the candidates of a
    /// run come in the order of their starts, so that each byte of a run is read once for them.
    authority_end: ((usize, usize), usize, usize, Option<usize>),
    /// The trailing punctuation of the last run [`trim`] read to its end, for the next
    /// candidates inside the same run.
    tail: Option<Box<Tail>>,
    /// The same for the "www." candidates of a run that end before one "@".
    authority_tail: Option<Box<Tail>>,
    /// The partners of the opening brackets of the last run that candidates stand after.
    partners: Option<Box<Partners>>,
    /// The first window of `prefix_fails`: [`FIRST_WINDOW`], other sizes in the tests.
    window: usize,
    /// The bytes a liberal mode has mapped for the candidates of the last run, against
    /// [`MAPPING_BUDGET`].
    mapped: usize,
    /// The bytes the candidates inside the last run read by [`reach`] from its start may still
    /// read again from their own ([`REREAD_BUDGET`]).
    reread: usize,
    /// Where the first "'", "," or ";" of the last run [`reach`] read stands (its end for none).
    reach_marks: usize,
    /// The first "'" of the last run read for one in a host (E10).
    apostrophe: FirstInRun,
    /// Where the first "," or ";" of the last run that ends an IRI stands: one that another IRI
    /// starts right after (a list written without spaces, E10), a "," before a letter of
    /// Chinese or Japanese (E9), or the ";" of an escaped no-break space, at its "&" (E3).
    list: FirstInRun,
    /// The first "/", "?" or "#" of the last run read for the same.
    authority_stop: FirstInRun,
}

/// The most bytes of an authority read for the "," or ";" of a list before its "@" (E10): a
/// userinfo and a host name.
const MOST_AUTHORITY: usize = 512;

/// Where something first stands in a run from a position on, read once for the candidates of
/// the run, whose starts come in order, up to where it stands (E10): read again for each, a run
/// of many took time n².
#[derive(Clone, Copy, Debug)]
struct FirstInRun {
    /// The run, from where in it, and where (the run's end for nowhere).
    run: (usize, usize),
    from: usize,
    at: usize,
}

impl FirstInRun {
    /// None read yet.
    const NONE: FirstInRun = FirstInRun {
        run: (usize::MAX, 0),
        from: 0,
        at: 0,
    };

    /// Where it first stands in `run` from `least` on: as read before, or by `find`.
    fn at(&mut self, run: (usize, usize), least: usize, find: impl FnOnce() -> usize) -> usize {
        if !(self.run == run && self.from <= least && least <= self.at) {
            *self = FirstInRun {
                run,
                from: least,
                at: find(),
            };
        }
        self.at
    }
}

/// An IRI found in text: where it stands, and the IRI it is read as.
#[derive(Clone, Debug)]
pub struct Found<'a> {
    range: Range<usize>,
    text: &'a str,
    iri: Cow<'a, str>,
    pos: Positions,
}

impl<'a> Found<'a> {
    /// Its byte range in the text.
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The text, as it stands.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The IRI the text is read as: the text itself, or with "http://" before a "www.", or
    /// mapped by a liberal mode.
    pub fn iri(&self) -> IriRef<'_> {
        IriRef::from_scan(&self.iri, self.pos)
    }
}

impl<'t> Iterator for Extract<'t, '_> {
    type Item = Found<'t>;

    fn next(&mut self) -> Option<Found<'t>> {
        let b = self.text;
        while self.at < b.len() {
            let colon = self.next_colon();
            let www = self.next_www();
            if colon == b.len() && www == b.len() {
                break;
            }
            let from = self.at;
            let found = if www < colon {
                self.at = www + 4;
                self.candidate(www, www + 4, true)
            } else {
                self.at = colon + 1;
                self.at_colon(from, colon)
            };
            if let Some(found) = found {
                self.at = found.range.end;
                return Some(found);
            }
        }
        self.at = b.len();
        None
    }
}

impl<'t> Extract<'t, '_> {
    /// The next ":" at or after `at`, or the end of the text.
    fn next_colon(&mut self) -> usize {
        let b = self.text;
        let (mut block, mut bits) = match self.colons {
            // The search went to the end from before `at`.
            Some((_, 0)) => return b.len(),
            // The ":" it found from before `at` is the next one from `at` too: a "www." IRI
            // ended before it.
            Some((block, bits)) if self.at <= block => (block, bits),
            Some((block, bits)) if self.at < block + 64 => {
                (block, bits & u64::MAX << (self.at - block))
            }
            _ => (self.at, colon_bits(b, self.at)),
        };
        while bits == 0 && block + 64 < b.len() {
            block += 64;
            bits = colon_bits(b, block);
        }
        self.colons = Some((block, bits));
        let colon = if bits == 0 {
            b.len()
        } else {
            block + bits.trailing_zeros() as usize
        };
        // It is a ":", and none stands before it within 256 bytes: a bound that keeps a debug
        // build linear.
        debug_assert!(
            (colon == b.len() || b[colon] == b':')
                && !b[self.at..colon.min(self.at + 256)].contains(&b':')
        );
        colon
    }

    /// The next "www." at or after `at` at the start of a word, or the end of the text.
    fn next_www(&mut self) -> usize {
        let b = self.text;
        if !self.options.www {
            return b.len();
        }
        if let Some(www) = self.www.filter(|&w| w >= self.at) {
            return www;
        }
        // In any case, as host names are (RFC 3986 3.2.2).
        let mut from = self.at;
        let www = loop {
            match memchr::memchr2(b'w', b'W', &b[from..]) {
                None => break b.len(),
                Some(k)
                    if b[from + k..]
                        .get(..4)
                        .is_some_and(|w| w.eq_ignore_ascii_case(b"www."))
                        && word_start(b, from + k) =>
                {
                    break from + k
                }
                Some(k) => from += k + 1,
            }
        };
        self.www = Some(www);
        www
    }

    /// The IRI whose scheme ends at the ":" at `colon`, if one does; its scheme starts at or
    /// after `from`.
    fn at_colon(&mut self, from: usize, colon: usize) -> Option<Found<'t>> {
        let b = self.text;
        let slashes = b[colon + 1..].starts_with(b"//");
        // A scheme and "::" is a name of Perl, C++, Tcl or apt (`HTTP::Daemon`), no IRI (E1).
        if colon == from
            || b.get(colon + 1) == Some(&b':')
            || !self.options.may_end_scheme(b[colon - 1], slashes)
        {
            return None;
        }
        // RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), as long as it goes back.
        let mut start = colon;
        while start > from && ascii(b[start - 1]) & class::SCHEME != 0 {
            start -= 1;
        }
        while start < colon && ascii(b[start]) & class::ALPHA == 0 {
            start += 1;
        }
        if start == colon {
            return None;
        }
        // The letters of an escape before it are no part of it (E2).
        let escaped = start + escape_letters(b, start);
        if escaped < colon && b[escaped].is_ascii_alphabetic() {
            start = escaped;
        }
        let (known, mut starts) = self.options.starts(&b[start..colon]);
        // A scheme read back over a "." that is not one of the table (or of `--schemes`), but
        // whose end after its last "." is: a sentence ended without a space
        // ("out.http://a.com/x").
        if !known {
            if let Some(dot) = b[start..colon].iter().rposition(|&c| c == b'.') {
                if b.get(start + dot + 1).is_some_and(u8::is_ascii_alphabetic) {
                    if let (true, after) = self.options.starts(&b[start + dot + 1..colon]) {
                        start += dot + 1;
                        starts = after;
                    }
                }
            }
        }
        let only_with_slashes = starts?;
        if only_with_slashes && !slashes || !path_may_follow(&b[start..colon], &b[colon + 1..]) {
            return None;
        }
        // Without "//", a scheme of mixed case is a capitalized word with a colon ("File:" of a
        // wiki's page names, "News:"): RFC 3986 3.1 has schemes written in lowercase, and
        // URNs are written in capitals too ("URN:ISBN:...").
        if !slashes && mixed_case(&b[start..colon]) {
            return None;
        }
        let least = colon + 1 + if slashes { 2 } else { 0 };
        self.candidate(start, least, false)
    }

    /// In a liberal mode, whether the candidate `b[start..end]` is refused by the grammar as a
    /// prefix of it already is ([`Self::prefix_refusal`], mapped), so that it need not be
    /// mapped whole (read by [`Self::mapped_whole`]). A mode maps the whole candidate, so each
    /// one the grammar refuses early cost the length of its run, and a run of many took time n².
    fn prefix_fails(&mut self, start: usize, end: usize, www: bool) -> bool {
        self.prefix_refusal(start, end, www, true).is_some()
    }

    /// Where the grammar refuses the "www." candidate `b[start..end]` read after "http://", as
    /// an offset into the candidate, if a prefix of it shows it ([`Self::prefix_refusal`]).
    /// Copied whole after "http://", each candidate the grammar refuses early cost the length
    /// of its run, and a run of many without a "/" took time n².
    fn www_prefix_refusal(&mut self, start: usize, end: usize) -> Option<usize> {
        let e = self.prefix_refusal(start, end, true, false)?;
        Some(e.offset() - "http://".len())
    }

    /// The grammar's error on a prefix of the candidate `b[start..end]` that the rest of it
    /// cannot change, read after "http://" (`www`, which a prefix not `mapped` always is) and as
    /// its mode maps it (`mapped`): its prefixes of doubling length are read until the grammar
    /// refuses one so, or the prefix is the whole (`None`).
    fn prefix_refusal(
        &mut self,
        start: usize,
        end: usize,
        www: bool,
        mapped: bool,
    ) -> Option<crate::Error> {
        debug_assert!(mapped || www);
        let b = self.text;
        let mut window = self.window;
        loop {
            let mut cut = start.saturating_add(window).min(end);
            while cut < end && b[cut] & 0xC0 == 0x80 {
                cut += 1;
            }
            if cut >= end {
                return None;
            }
            let text = std::str::from_utf8(&b[start..cut]).ok()?;
            let iri = if mapped {
                self.mapped += text.len();
                self.mapped_text(text, www)
            } else {
                Cow::Owned(format!("http://{text}"))
            };
            if let Err(e) = scan::scan(iri.as_bytes(), Grammar::Iri) {
                // In href mode, with a scheme that is not special, a "\" after the port's ":"
                // ends the authority only where no "@" follows it (`preprocess`), and one may
                // follow the prefix; a "www." candidate is of "http", where each "\" is a "/".
                let authority_may_change =
                    mapped && !www && self.options.mode == Mode::Href && text.contains('\\');
                if refused_whatever_follows(iri.as_bytes(), &e, www)
                    && !(authority_may_change
                        && matches!(
                            e.component(),
                            Component::Userinfo | Component::Host | Component::Port
                        ))
                {
                    return Some(e);
                }
            }
            window = window.saturating_mul(2);
        }
    }

    /// [`reach`] from `start`, from the last run read when `start` is inside it and reaches its
    /// end; and whether it is.
    fn reach_from(&mut self, start: usize, liberal: bool) -> (usize, bool) {
        let (from, end) = self.reach;
        // A closing bracket that one opened after `from` partnered may have no partner from
        // `start` inside the run (E9), which then reaches less far: read again while the
        // budget lasts.
        let inside = from <= start && start < end;
        if inside && self.reread == 0 {
            return (end, true);
        }
        let b = self.text;
        // Between "<" and ">", or two '"', the IRI's end is its own (E4): E9's punctuation too,
        // when the closing one is there.
        let whole = closing_delimiter(b, start).map(|_| reach(b, start, liberal, true));
        let (own, marks) = match whole {
            Some(whole) if delimited(b, start, whole.0) => whole,
            _ => reach(b, start, liberal, false),
        };
        if !inside {
            self.reread = (own - start).saturating_mul(REREAD_BUDGET);
        } else {
            self.reread = self.reread.saturating_sub(own - start);
            if own >= end {
                return (end, true);
            }
        }
        self.reach = (start, own);
        self.reach_marks = marks;
        (own, false)
    }

    /// The IRI from `start` to beyond `least`, if there is one: what an IRI may hold, trimmed
    /// of the punctuation around it, and cut to what the grammar accepts; `www` reads it after
    /// "http://". A liberal mode takes the candidate whole when its mapping is an IRI, and
    /// otherwise what strict mode takes from the same start; past [`MAPPING_BUDGET`] in a run,
    /// only that.
    fn candidate(&mut self, start: usize, least: usize, www: bool) -> Option<Found<'t>> {
        let b = self.text;
        let liberal = self.options.mode != Mode::Strict;
        // The first candidate of a run is trimmed on its own; the next ones from its tail.
        let (run_end, again) = self.reach_from(start, liberal);
        if !again {
            self.mapped = 0;
        }
        // Strict mode ends the run at the "\" after a drive of Windows (E5).
        if windows_drive(b, least, run_end) {
            return None;
        }
        // An IRI after a quote or an opening bracket ends at its partner (E8), unless an "@"
        // cut comes first: where, and whether its punctuation before it is left out (after a
        // bracket) or its end is its own (after a quote).
        let closed = match opening_quote(b, start) {
            Some(q) => closing_quote(b, q, start, run_end).map(|at| (at, false)),
            None => self.bracket_partner(start, run_end).map(|at| (at, true)),
        };
        // The host is what starts with "www.": an "@" in the authority would make it the
        // userinfo of another host, so the candidate ends before it (RFC 3986 3.2); right after
        // the host, with no port before it, the "@" ends a mail address's local part (E6), as
        // strict mode reads the authority (E5: a liberal mode runs on through "|", "{"...).
        let cut = if www {
            let (run, from, stop, mark) = self.authority_end;
            let (from, stop, mark) = if run == self.reach && from <= start && start <= stop {
                (from, stop, mark)
            } else {
                let stop = b[start..run_end]
                    .iter()
                    .position(|c| matches!(c, b'@' | b'/' | b'?' | b'#'))
                    .map_or(run_end, |at| start + at);
                let mark = b[start..stop]
                    .iter()
                    .rposition(|&c| c == b':' || mapped_by_liberal_modes(c))
                    .map(|at| start + at);
                self.authority_end = (self.reach, start, stop, mark);
                (start, stop, mark)
            };
            // An "@" after a "," or ";" of the candidate is a list's next item's (E10).
            let at = b.get(stop) == Some(&b'@')
                && closed.is_none_or(|(close, _)| stop < close)
                && memchr::memchr2(b',', b';', &b[start..stop]).is_none();
            if at && mark.is_none_or(|mark| mark < start) {
                return None;
            }
            Some((from, stop)).filter(|_| at)
        } else {
            None
        };
        let end = match (cut, closed) {
            (None, Some((close, false))) => close,
            (None, Some((close, true))) => trim_before_partner(b, start, close),
            (None, None) if delimited(b, start, run_end) => run_end,
            (None, None) if again => {
                trim_from_tail(&mut self.tail, b, self.reach.0, start, run_end)
            }
            (None, None) => trim(b, start, run_end),
            // The candidates before one "@" are trimmed from a tail of their own, from the
            // first of them: kept apart from the run's, which the others in the run share.
            (Some((from, stop)), _) if from < start => {
                trim_from_tail(&mut self.authority_tail, b, from, start, stop)
            }
            (Some((_, stop)), _) => trim(b, start, stop),
        };
        // Where the run holds no "'", "," or ";" before the end, neither stands in it (E10).
        let end = if self.reach_marks < end {
            self.before_a_host_apostrophe_or_a_list(start, least, www, end)
        } else {
            end
        };
        // A host's last label that goes on from ASCII into text beyond it ends there (E10).
        let host_from = if www {
            Some(start)
        } else {
            b[..least].ends_with(b"//").then_some(least)
        };
        let end = match host_from.and_then(|from| self.last_label_runs_on(from, end)) {
            Some(cut) => trim(b, start, cut),
            None => end,
        };
        if end <= least || !holds_more_than_punctuation(&b[least..end]) {
            return None;
        }
        let run = run_end - self.reach.0;
        if liberal && self.mapped <= run.saturating_mul(MAPPING_BUDGET) {
            if let Some(found) = self.mapped_whole(start, end, www) {
                return Some(found);
            }
        }
        self.longest_accepted(start, end, least, www)
    }

    /// The end of the candidate `b[start..end]`, whose text after its scheme starts at `least`,
    /// before a "'" in its host or port (no host name holds one: a possessive after a host is
    /// the sentence's) or before a "," or ";" that another IRI starts right after (a list
    /// written without spaces), trimmed again (E10), or before the other "," and ";" of
    /// [`Extract::list`]; `end` where none stands in it.
    fn before_a_host_apostrophe_or_a_list(
        &mut self,
        start: usize,
        least: usize,
        www: bool,
        end: usize,
    ) -> usize {
        let b = self.text;
        if least >= end {
            return end;
        }
        // The first "'" of the run from `least` on, and its first "," or ";" that another IRI
        // starts after ([`FirstInRun`]).
        let run = self.reach;
        let run_end = run.1.max(least);
        let apostrophe = self.apostrophe.at(run, least, || {
            memchr::memchr(b'\'', &b[least..run_end]).map_or(run_end, |k| least + k)
        });
        let mut slot = self.list;
        let list = slot.at(run, least, || {
            memchr::memchr2_iter(b',', b';', &b[least..run_end])
                .map(|k| least + k)
                .find_map(|at| {
                    if self.starts_an_iri(at + 1)
                        || b[at] == b',' && before_chinese_or_japanese(b, at + 1)
                    {
                        Some(at)
                    } else if b[at] == b';' {
                        escaped_no_break_space(&b[least..at]).map(|len| at - len)
                    } else {
                        None
                    }
                })
                .unwrap_or(run_end)
        });
        self.list = slot;
        // The authority, after "//" or from "www.", to its first "/", "?" or "#" before `end`:
        // where that stands is read once for the run's candidates ([`FirstInRun`]).
        let authority = if www {
            Some(start)
        } else {
            b[..least].ends_with(b"//").then_some(least)
        }
        .map(|from| {
            let stop = self.authority_stop.at(run, from, || {
                memchr::memchr3(b'/', b'?', b'#', &b[from..run_end]).map_or(run_end, |k| from + k)
            });
            (from, stop.min(end))
        });
        // The host starts after the userinfo, and ends where the authority does (for "www.",
        // known: `authority_end`, which a "@" ends too).
        let host_end = if www {
            let (_, _, stop, _) = self.authority_end;
            Some(stop).filter(|&stop| b.get(stop) != Some(&b'@'))
        } else if let Some((from, authority_end)) = authority.filter(|_| apostrophe < end) {
            let host = b[from..authority_end]
                .iter()
                .rposition(|&c| c == b'@')
                .map_or(from, |k| from + k + 1);
            Some(authority_end).filter(|_| apostrophe >= host)
        } else {
            None
        };
        let mut cut = list;
        if host_end.is_some_and(|host_end| apostrophe < host_end) {
            cut = cut.min(apostrophe);
        }
        // A "," or ";" before the authority's "@" is a list's, not the userinfo's: a CSV row,
        // `https://acme.com,info@evil.com`, would name the mail's host. Read within what a
        // userinfo and a host name may span, so that a run of many candidates takes linear time.
        if let Some((from, authority_end)) = authority {
            let window = &b[from..authority_end.min(from + MOST_AUTHORITY)];
            if let Some(sign) = memchr::memrchr(b'@', window) {
                if let Some(k) = memchr::memchr2(b',', b';', &window[..sign]) {
                    cut = cut.min(from + k);
                }
            }
        }
        if cut < end {
            trim(b, start, cut)
        } else {
            end
        }
    }

    /// Where the last label of the host whose authority starts at `from` goes on from ASCII
    /// letters, digits and "-" into a character beyond ASCII that is no mark before `end`, if
    /// it does (E10): no top-level label mixes the two, so that is text written without a
    /// space after the address (`https://www.baidu.com获取`, `https://例え.jpを見て`). The
    /// label is the last when no "." that a letter or a digit follows comes after it in the next
    /// 64 bytes of the authority (a label holds at most 63, RFC 1035 2.3.4) before an "@": that
    /// is a mail address's further on in the sentence, not the end of a userinfo. The "-"s the
    /// label ends with go with the text; an IP literal ends at its "]" the same way.
    ///
    /// Where the run's first "/", "?" or "#" stands is read once for its candidates
    /// ([`FirstInRun`]), and of the authority only what a host name may span (RFC 1035 2.3.4:
    /// 255 bytes) and a label after it, so that a run of many takes linear time.
    fn last_label_runs_on(&mut self, from: usize, end: usize) -> Option<usize> {
        let b = self.text;
        let run = self.reach;
        let run_end = run.1.max(from);
        let stop = self.authority_stop.at(run, from, || {
            memchr::memchr3(b'/', b'?', b'#', &b[from..run_end]).map_or(run_end, |k| from + k)
        });
        let window = stop.min(end).min(from + 255 + 64);
        if b[from..window].is_ascii() {
            return None;
        }
        // Each place where ASCII gives way to what is beyond it: the label before may be the
        // last (the host's own labels beyond ASCII come before it: `例え.jpを`).
        let mut at = from;
        while let Some(k) = b[at..window].iter().position(|&c| c >= 0x80) {
            at += k;
            let before = b[at.saturating_sub(1)];
            if at > from
                && (before.is_ascii_alphanumeric() || before == b'-')
                && self.last_label_ends_at(from, at, stop.min(end))
            {
                // No label ends with "-" (RFC 1035 2.3.1).
                let hyphens = b[from..at].iter().rev().take_while(|&&c| c == b'-').count();
                return Some(at - hyphens);
            }
            // An IP literal ends at its "]" (RFC 3986 3.2.2).
            if at > from && before == b']' && b[from] == b'[' {
                let literal_end = memchr::memchr(b']', &b[from..at]).map(|k| from + k + 1);
                if literal_end == Some(at) {
                    return Some(at);
                }
            }
            at += b[at..window].iter().take_while(|&&c| c >= 0x80).count();
        }
        None
    }

    /// Whether the label of ASCII letters, digits and "-" that ends at `beyond`, where a
    /// character beyond ASCII stands, in the host whose authority starts at `from` and ends at
    /// `stop`, is the host's last, after another, and what follows is no mark drawn on its last
    /// letter ([`Extract::last_label_runs_on`]).
    fn last_label_ends_at(&self, from: usize, beyond: usize, stop: usize) -> bool {
        let b = self.text;
        let label = b[from..beyond]
            .iter()
            .rev()
            .take(64)
            .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-')
            .count();
        if label == 0 || label > 63 || beyond - label == from || b[beyond - label - 1] != b'.' {
            return false;
        }
        let Some((c, _)) = decode(b, beyond) else {
            return false;
        };
        if crate::tables::lint_class(c as u32).bidi() == crate::tables::LintClass::NSM {
            return false;
        }
        // Up to an "@", after which the labels are a mail address's.
        let after = &b[beyond..stop.min(beyond + 64)];
        let after = memchr::memchr(b'@', after).map_or(after, |at| &after[..at]);
        !after
            .windows(2)
            .any(|w| w[0] == b'.' && (w[1].is_ascii_alphanumeric() || w[1] >= 0x80))
    }

    /// Whether an IRI may start at `at`, as the search finds them (E1): a scheme that counts
    /// there and its ":" (and "//" where it needs them; not "::", and not a word of mixed case
    /// without them), or, with `--www`, "www.".
    fn starts_an_iri(&self, at: usize) -> bool {
        let b = self.text;
        if self.options.www && b[at..].starts_with(b"www.") {
            return true;
        }
        let len = b[at..]
            .iter()
            .take_while(|&&c| ascii(c) & class::SCHEME != 0)
            .count();
        let colon = at + len;
        if len == 0 || !b[at].is_ascii_alphabetic() || b.get(colon) != Some(&b':') {
            return false;
        }
        let slashes = b[colon + 1..].starts_with(b"//");
        let scheme = &b[at..colon];
        if b.get(colon + 1) == Some(&b':')
            || !slashes && mixed_case(scheme)
            || !path_may_follow(scheme, &b[colon + 1..])
        {
            return false;
        }
        self.options
            .starts(scheme)
            .1
            .is_some_and(|only_with_slashes| slashes || !only_with_slashes)
    }

    /// Where the partner of the opening bracket right before `start` stands in the run that ends
    /// at `run_end`, if one does (E8): brackets of its kind partnered from it on, nested ones
    /// first. Partnered once for the candidates of a run ([`Partners`]): looked for from each
    /// start, a run of many nested ones took time n².
    fn bracket_partner(&mut self, start: usize, run_end: usize) -> Option<usize> {
        let b = self.text;
        let &before = b[..start].last()?;
        if before.is_ascii() && !matches!(before, b'(' | b'[' | b'{') {
            return None;
        }
        let opening = last_char(&b[..start])?;
        let kind = BRACKETS.iter().position(|&(open, _)| open == opening)?;
        let open_at = start - opening.len_utf8();
        let partners = match &mut self.partners {
            Some(p) if p.run == self.reach => p,
            other => other.insert(Box::new(Partners {
                run: self.reach,
                kinds: Vec::new(),
            })),
        };
        let i = match partners
            .kinds
            .iter()
            .position(|&(k, from, _)| k == kind && from <= open_at)
        {
            Some(i) => i,
            None => {
                partners.kinds.retain(|&(k, _, _)| k != kind);
                let pairs = partnered(b, open_at, run_end, BRACKETS[kind]);
                partners.kinds.push((kind, open_at, pairs));
                partners.kinds.len() - 1
            }
        };
        let pairs = &partners.kinds[i].2;
        let at = pairs
            .binary_search_by_key(&open_at, |&(open, _)| open)
            .ok()?;
        Some(pairs[at].1)
    }

    /// `text`, read after "http://" (`www`), as the liberal mode maps it.
    fn mapped_text<'a>(&self, text: &'a str, www: bool) -> Cow<'a, str> {
        let read = if www {
            Cow::Owned(format!("http://{text}"))
        } else {
            Cow::Borrowed(text)
        };
        match self.options.mode.apply(&read) {
            Cow::Borrowed(_) => read,
            Cow::Owned(mapped) => Cow::Owned(mapped),
        }
    }

    /// In a liberal mode, the candidate `b[start..end]` as its mode maps it, if that is an IRI;
    /// its positions are those of the mapped text.
    fn mapped_whole(&mut self, start: usize, end: usize, www: bool) -> Option<Found<'t>> {
        if self.prefix_fails(start, end, www) {
            return None;
        }
        // A mode reads characters: the candidate is UTF-8, as `reach` stops at a byte that is
        // not.
        let text = std::str::from_utf8(&self.text[start..end]).ok()?;
        self.mapped += text.len();
        let iri = self.mapped_text(text, www);
        let pos = scan::scan(iri.as_bytes(), Grammar::Iri).ok()?;
        Some(Found {
            range: start..end,
            text,
            iri,
            pos,
        })
    }

    /// The longest start of the candidate `b[start..end]`, as written, that the grammar
    /// accepts and that goes beyond `least`: where the grammar stops, the candidate is cut and
    /// trimmed again, but not inside its authority (from its "www." or after its "//") before
    /// its port ([`cut_names_another_host`]). It stops at most a few times (a "%" without its
    /// digits, then a ":" without a port...): the bound keeps a line of many such linear.
    fn longest_accepted(
        &mut self,
        start: usize,
        mut end: usize,
        least: usize,
        www: bool,
    ) -> Option<Found<'t>> {
        let b = self.text;
        // The authority is read in the candidate as it stands, whatever its cuts leave.
        let whole = end;
        let refused = |cut: usize| {
            let from = if www {
                Some(start)
            } else {
                b[..least].ends_with(b"//").then_some(least)
            };
            from.is_some_and(|from| cut_names_another_host(b, from..whole, cut))
        };
        for _ in 0..4 {
            if end <= least || !holds_more_than_punctuation(&b[least..end]) {
                return None;
            }
            if www {
                if let Some(at) = self.www_prefix_refusal(start, end) {
                    if refused(start + at) {
                        return None;
                    }
                    end = trim(b, start, start + at);
                    continue;
                }
            }
            let scanned = if www {
                let mut iri = b"http://".to_vec();
                iri.extend_from_slice(&b[start..end]);
                // The scanner checks the bytes are UTF-8, which is what lets them be a `str`.
                scan::scan(&iri, Grammar::Iri).map(|pos| {
                    let iri = crate::simd::scanned_str(&iri).to_string();
                    (Cow::Owned(iri), pos)
                })
            } else {
                scan::scan(&b[start..end], Grammar::Iri)
                    .map(|pos| (Cow::Borrowed(crate::simd::scanned_str(&b[start..end])), pos))
            };
            match scanned {
                Ok((iri, pos)) => {
                    return Some(Found {
                        range: start..end,
                        text: crate::simd::scanned_str(&b[start..end]),
                        iri,
                        pos,
                    })
                }
                Err(e) => {
                    let at = e
                        .offset()
                        .saturating_sub(if www { "http://".len() } else { 0 });
                    if start + at >= end || refused(start + at) {
                        return None;
                    }
                    end = trim(b, start, start + at);
                }
            }
        }
        None
    }
}

/// Whether the grammar's error `e` on `iri` stays whatever bytes follow `iri`: it is not within
/// the two bytes a "%" looks ahead (nor at the end), and it is not in an authority that may
/// still go on, whose "@" further on would read its parts otherwise (RFC 3986 3.2), unless
/// `no_at`: what follows holds no "@" in the authority, as a "www." candidate, which ends
/// before one.
fn refused_whatever_follows(iri: &[u8], e: &crate::Error, no_at: bool) -> bool {
    let at = e.offset();
    if at + 3 >= iri.len() {
        return false;
    }
    match e.component() {
        Component::Scheme | Component::Path | Component::Query | Component::Fragment => true,
        Component::Userinfo | Component::Host | Component::Port => {
            no_at || iri[at..].iter().any(|c| matches!(c, b'/' | b'?' | b'#'))
        }
    }
}

/// Whether the cut at `cut` of a candidate ends inside its authority, `authority`, before its
/// port (docs/spec-choices.md E5): what is left would name a host the text does not, its
/// userinfo or a part of its host.
///
/// The authority is read as the candidate has it, not as the cut IRI would have it: it runs from
/// after the "//" (or from the "www.") to the first "/", "?" or "#" (RFC 3986 3.2) or the
/// candidate's end (which a "www." candidate has before an "@", E6); its userinfo ends at its
/// last "@", as browsers read it (the WHATWG URL Standard's authority state), so that a second
/// "@" does not end the host; its port starts at the last ":" after that, outside "[...]". In a
/// liberal mode, which reads here what strict mode finds (E5), it is read as strict mode reads the
/// text, so that the mode finds what strict mode finds: it ends too at the characters strict mode
/// ends a candidate at (`{ } | \ ^` and "`"). So, in href mode, a "\" ends the authority of a
/// special scheme, as browsers read it.
///
/// Read up to the cut, which the grammar has read, and on from it only as far as it takes to
/// tell, the more so where no ":" stands before it: a run of many candidates stays linear.
fn cut_names_another_host(b: &[u8], authority: Range<usize>, cut: usize) -> bool {
    let ends = |c: u8| matches!(c, b'/' | b'?' | b'#') || mapped_by_liberal_modes(c);
    if cut <= authority.start || cut >= authority.end {
        return false;
    }
    if windows_drive(b, authority.start, cut) {
        return true;
    }
    // Whether a ":" outside "[...]" stands after the last "@" up to the cut.
    let (mut port, mut bracket) = (false, false);
    for &c in &b[authority.start..=cut] {
        match c {
            c if ends(c) => return false,
            b'@' => (port, bracket) = (false, false),
            b'[' => bracket = true,
            b']' => bracket = false,
            b':' if !bracket => port = true,
            _ => {}
        }
    }
    // Where what the cut leaves out starts to name the host, or to move the port on: at the cut
    // where no port stands before it, else at the next "@" or ":". It does when a letter or a
    // digit, a "%" or an "@" follows in the authority: what a reader takes for a host name (or
    // a userinfo). Not where only characters the grammar refuses anywhere and punctuation
    // follow: the right-to-left mark, a control or U+FFFD after a host ends it as the text has
    // it (`http://www.ynet.co.il` before U+200F).
    let mut names = (!port).then_some(cut);
    let mut i = cut + usize::from(port);
    while i < authority.end && !ends(b[i]) {
        let (c, n) = match b[i] {
            c if c < 0x80 => (char::from(c), 1),
            _ => decode(b, i).unwrap_or(('\u{FFFD}', 1)),
        };
        if names.is_none() && matches!(c, '@' | ':') {
            names = Some(i);
        }
        if names.is_some() && (c.is_alphanumeric() || matches!(c, '%' | '@')) {
            return true;
        }
        i += n;
    }
    false
}

/// Whether what follows the ":" of `scheme` may start an IRI of it in text: for `file`, only a
/// "/" (RFC 8089 2: `file-hier-part = ( "//" auth-path ) / local-path`, a `path-absolute`), so
/// that a compiler's `file:12:3` and a message's `file:config.yaml` are words (E1).
fn path_may_follow(scheme: &[u8], after: &[u8]) -> bool {
    !scheme.eq_ignore_ascii_case(b"file") || after.first() == Some(&b'/')
}

/// Whether `b[at]` is the "\" after a drive of Windows that an authority starting at `from`
/// holds alone (`file://C:\Users\me`): a cut there would make the drive's letter a host, one
/// the text does not name (E5).
fn windows_drive(b: &[u8], from: usize, at: usize) -> bool {
    at == from + 2
        && b[..from].ends_with(b"//")
        && b[from].is_ascii_alphabetic()
        && b[from + 1] == b':'
        && b.get(at) == Some(&b'\\')
}

/// Whether `b`, UTF-8, holds a letter or a digit of any script (Alphabetic or Numeric), as
/// written, or starts with an IP literal: what an IRI in text holds after its scheme and "//",
/// which punctuation and symbols alone (`news:-(`, `http:///`) do not (docs/spec-choices.md E1).
#[inline(always)]
fn holds_more_than_punctuation(b: &[u8]) -> bool {
    b.first()
        .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'[')
        || holds_letter_or_digit_beyond_ascii(b)
}

/// Whether `b`, UTF-8, holds a letter or a digit of any script, read character by character.
fn holds_letter_or_digit_beyond_ascii(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_alphanumeric() {
            return true;
        }
        match decode(b, i) {
            // The lint table's letters (Alphabetic) first: two loads, where std's lookup of
            // Alphabetic costs some hundred instructions.
            Some((c, n)) => {
                if lint_class(c as u32).0 & LintClass::LETTER != 0 || c.is_alphanumeric() {
                    return true;
                }
                i += n;
            }
            None => i += 1,
        }
    }
    false
}

/// Bit k set when `b[from + k]` is ":", for the 64 bytes from `from` (those of `b`), from the
/// windows of 16 of [`simd::colons`]; the last window of a text that does not end with a whole
/// one is that of its last 16 bytes, shifted, and a text shorter than 16 is read a byte at a
/// time.
fn colon_bits(b: &[u8], from: usize) -> u64 {
    if b.len() < 16 {
        return b[from..]
            .iter()
            .enumerate()
            .fold(0, |m, (k, &c)| m | u64::from(c == b':') << k);
    }
    let mut bits = 0;
    for w in (from..b.len().min(from + 64)).step_by(16) {
        let window = if w + 16 <= b.len() {
            simd::colons(b, w)
        } else {
            simd::colons(b, b.len() - 16) >> (w - (b.len() - 16))
        };
        bits |= u64::from(window) << (w - from);
    }
    bits
}

/// Whether "www." at `at` starts a word: the byte before is none of the letters, digits and
/// delimiters that would make it part of a name, an address or another IRI.
fn word_start(b: &[u8], at: usize) -> bool {
    let plain = |at: usize| {
        at == 0 || {
            let c = b[at - 1];
            !(c.is_ascii_alphanumeric() || b"/.-+@:%_~=&?#".contains(&c))
        }
    };
    // Markdown's "_" and "~" (or "~~") open emphasis at the start of a word, inside other
    // marks too ("**_www.a.com_**"), which E4 leaves out at the IRI's end.
    let marks = b[..at]
        .iter()
        .rev()
        .take(2)
        .take_while(|&&c| c == b'_' || c == b'~')
        .count();
    let mut from = at - marks;
    while from > 0 && at - from < MOST_QUOTES_BEFORE && matches!(b[from - 1], b'*' | b'_' | b'~') {
        from -= 1;
    }
    plain(at) || marks > 0 && plain(from) && (from == 0 || b[from - 1] != b'*')
}

/// Whether `scheme` has capitals and small letters both: without "//", a capitalized word with
/// a colon, no scheme (E1).
fn mixed_case(scheme: &[u8]) -> bool {
    scheme.iter().any(u8::is_ascii_uppercase) && scheme.iter().any(u8::is_ascii_lowercase)
}

/// Whether `c` is one of the ASCII characters that strict mode ends a candidate at and the
/// liberal modes run on through, as they map them (E3): "{", "}", "|", "\\", "^" and "`".
fn mapped_by_liberal_modes(c: u8) -> bool {
    matches!(c, b'{' | b'}' | b'|' | b'\\' | b'^' | b'`')
}

/// The end of what an IRI may hold from `start`: every character but white space, quotation
/// marks, ASCII characters outside the grammar's (7.3's "<", ">", '"' and space among them;
/// `liberal` lets the ones the modes of 3987bis 7 map through), and bytes that are not UTF-8;
/// unless `delimited` (between "<" and ">" or two '"'), where text goes on without a space, the
/// punctuation and the brackets without a partner too (E9). And where its first "'", "," or ";"
/// stands (the end for none).
#[inline]
fn reach(b: &[u8], start: usize, liberal: bool, delimited: bool) -> (usize, usize) {
    let reach = Reach {
        b,
        start,
        liberal,
        delimited,
    };
    simd::dispatch(simd::level(), reach)
}

/// [`reach`], compiled for each level: the runs of bytes an IRI in text may hold skipped by the
/// level's vector code, which stops before the characters that may end one; those, and the
/// rest at the portable level, read a character at a time.
struct Reach<'b> {
    b: &'b [u8],
    start: usize,
    liberal: bool,
    delimited: bool,
}

impl simd::Kernel for Reach<'_> {
    /// Where the run ends, and where its first "'", "," or ";" stands (its end for none).
    type Output = (usize, usize);

    #[inline(always)]
    fn run<const L: u8>(self, cpu: simd::Cpu<L>) -> (usize, usize) {
        let mut first = usize::MAX;
        let end = self.walk(cpu, &mut first);
        (end, first.min(end))
    }
}

impl Reach<'_> {
    /// [`reach`], noting in `first` where its first "'", "," or ";" stands, which the classes
    /// leave to the walk: E10 reads a run for them only where one does.
    #[inline(always)]
    fn walk<const L: u8>(self, cpu: simd::Cpu<L>, first: &mut usize) -> usize {
        let b = self.b;
        let text = if self.liberal {
            class::TEXT_LIBERAL
        } else {
            class::TEXT
        };
        let mut i = self.start;
        // The opening brackets of each kind of `CJK_BRACKETS` since `start` without a partner,
        // where the first of them stands for each kind, and the first of all.
        let mut open = [0usize; CJK_BRACKETS.len()];
        let mut first_open = [usize::MAX; CJK_BRACKETS.len()];
        let mut earliest = usize::MAX;
        // The same for "(", "[", "{" in `b[start..counted]`, counted only once an ASCII closing
        // bracket stands before a character beyond ASCII, so that each byte is counted once.
        let (mut ascii_open, mut counted) = ([0usize; 3], self.start);
        // Where text goes on without a space, its punctuation ends the IRI (E9); between
        // delimiters, they do (E4).
        let punctuation_ends = !self.delimited;
        let end = 'run: loop {
            i = simd::skip_text(cpu, b, i, b.len(), text);
            // An opening bracket whose partner is that far is taken for one without, which ends
            // the run before it (below): so a run of many is read in linear time.
            if i > earliest.saturating_add(PARTNER_WITHIN) {
                break 'run earliest;
            }
            let Some(&c) = b.get(i) else {
                break 'run i;
            };
            if c < 0x80 {
                if ascii(c) & text != 0 {
                    i += 1;
                    continue;
                }
                if matches!(c, b'\'' | b',' | b';') {
                    *first = (*first).min(i);
                    i += 1;
                    continue;
                }
                // A template's placeholder ends an IRI, also where a liberal mode maps "{"
                // (E4, which leaves the "$" out).
                if c == b'{' && self.liberal {
                    if i > self.start && b[i - 1] == b'$' {
                        break 'run i;
                    }
                    i += 1;
                    continue;
                }
                // The classes leave ")", "]" and (liberal) "}" to this walk: one without its
                // partner before text beyond ASCII that goes on without a space ends the IRI
                // there (E9).
                let kind = match c {
                    b')' => 0,
                    b']' => 1,
                    b'}' if self.liberal => 2,
                    _ => break 'run i,
                };
                if punctuation_ends && goes_on_beyond_ascii(b, i + 1) {
                    for &c in &b[counted..i] {
                        match c {
                            b'(' => ascii_open[0] += 1,
                            b'[' => ascii_open[1] += 1,
                            b'{' => ascii_open[2] += 1,
                            b')' => ascii_open[0] = ascii_open[0].saturating_sub(1),
                            b']' => ascii_open[1] = ascii_open[1].saturating_sub(1),
                            b'}' => ascii_open[2] = ascii_open[2].saturating_sub(1),
                            _ => {}
                        }
                    }
                    counted = i;
                    if ascii_open[kind] == 0 {
                        break 'run i;
                    }
                }
                i += 1;
                continue;
            }
            match decode(b, i) {
                Some((c, n)) if !ends_an_iri(c) => {
                    if !punctuation_ends {
                        i += n;
                        continue;
                    }
                    if is_cjk_punctuation(c) || doubled_cjk_punctuation(b, i, c, n) {
                        break 'run i;
                    }
                    match cjk_bracket(c) {
                        Some((k, false)) => {
                            if open[k] == 0 {
                                first_open[k] = i;
                                earliest = earliest.min(i);
                            }
                            open[k] += 1;
                        }
                        Some((k, true)) if open[k] == 0 => break 'run i,
                        Some((k, true)) => {
                            open[k] -= 1;
                            if open[k] == 0 {
                                first_open[k] = usize::MAX;
                                earliest = first_open.into_iter().min().unwrap_or(usize::MAX);
                            }
                        }
                        None => {}
                    }
                    i += n;
                }
                _ => break 'run i,
            }
        };
        // An opening bracket without its partner in the run opens an aside of the text, which
        // goes on after the IRI: it ends before the first (E9).
        end.min(earliest)
    }
}

/// How far after an opening bracket of `CJK_BRACKETS` its partner is looked for (E9).
const PARTNER_WITHIN: usize = 256;

/// Checks [`reach`] at each level this CPU has against the portable level on `input`, from
/// several starts, strict and liberal, and panics where they differ: for
/// `scan::check_fast_paths` (the tests and the `fast_vs_scalar` fuzz target).
#[cfg(feature = "internals")]
pub(crate) fn check_reach(input: &[u8]) {
    let starts = (0..8).chain((8..input.len()).step_by(61));
    for start in starts.filter(|&s| s <= input.len()) {
        for (liberal, delimited) in [(false, false), (true, false), (false, true)] {
            let reach_at = |level| {
                simd::dispatch(
                    level,
                    Reach {
                        b: input,
                        start,
                        liberal,
                        delimited,
                    },
                )
            };
            let portable = reach_at(simd::Level::Portable);
            for level in simd::Level::ALL.into_iter().filter(|&l| l <= simd::level()) {
                assert_eq!(
                    reach_at(level),
                    portable,
                    "reach from {start} (liberal {liberal}) at {level:?}, for {:?}",
                    input.escape_ascii().to_string()
                );
            }
        }
    }
}

/// Whether `c`, not ASCII, ends an IRI in text: white space or a quotation mark (E3), written
/// out (a test holds it to `char::is_whitespace` and Quotation_Mark for every code point):
/// asking `is_whitespace` cost the letters of Hebrew and Arabic IRIs a table lookup.
#[inline]
fn ends_an_iri(c: char) -> bool {
    matches!(
        c as u32,
        // White_Space, the zero width space that divides words where no space does, and the
        // word joiner and its older form, which no one sees in an IRI either.
        0x85 | 0xA0 | 0x1680 | 0x2000..=0x200B | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
        | 0x2060 | 0xFEFF
        // Quotation_Mark.
        | 0xAB | 0xBB | 0x2018..=0x201F | 0x2039 | 0x203A | 0x2E42 | 0x300C..=0x300F
        | 0x301D..=0x301F | 0xFE41..=0xFE44 | 0xFF02 | 0xFF07 | 0xFF62 | 0xFF63
    )
}

/// Whether `c` is sentence punctuation of Chinese and Japanese text, which ends an IRI in text
/// where it stands (E9): Unicode's Terminal_Punctuation in `CJK_BLOCKS`, written out (a test
/// holds it to the property).
#[inline]
fn is_cjk_punctuation(c: char) -> bool {
    matches!(
        c as u32,
        0x3001 | 0x3002 | 0xFE50..=0xFE52 | 0xFE54..=0xFE57 | 0xFF01 | 0xFF0C | 0xFF0E | 0xFF1A
            | 0xFF1B | 0xFF1F | 0xFF61 | 0xFF64
    )
}

/// Whether `c`, of `n` bytes at `b[i]`, is the first of the dash or the ellipsis of Chinese text,
/// two "—" or two "…" in a row (GB/T 15834), which end an IRI in text where they stand (E9).
#[inline]
fn doubled_cjk_punctuation(b: &[u8], i: usize, c: char, n: usize) -> bool {
    matches!(c, '\u{2014}' | '\u{2026}') && b[i + n..].starts_with(&b[i..i + n])
}

/// The length of the HTML character reference for U+00A0 that `b` ends with, its ";" left
/// out (`&nbsp`, `&#160`, `&#xA0`), if it ends with one: the escaped no-break space ends an IRI
/// in text where it stands, as U+00A0 does (E3).
fn escaped_no_break_space(b: &[u8]) -> Option<usize> {
    let tail = &b[b.len().saturating_sub(5)..];
    let numeric = tail.eq_ignore_ascii_case(b"&#160") || tail.eq_ignore_ascii_case(b"&#xa0");
    (numeric || tail == b"&nbsp").then_some(5)
}

/// Whether `b[i]` starts a letter of Chinese or Japanese (of the Han, Hiragana or Katakana
/// script), which write no space after a comma: an ASCII "," right before one ends an IRI in
/// text (E9).
fn before_chinese_or_japanese(b: &[u8], i: usize) -> bool {
    use unicode_script::{Script, UnicodeScript};
    b.get(i).is_some_and(|&c| c >= 0x80)
        && decode(b, i).is_some_and(|(c, _)| {
            matches!(
                c.script(),
                Script::Han | Script::Hiragana | Script::Katakana
            )
        })
}

/// The blocks whose punctuation ends an IRI in text where it stands (E9): CJK Symbols and
/// Punctuation, Small Form Variants, Halfwidth and Fullwidth Forms. Chinese and Japanese put no
/// space after it, so it is the only end their text gives an IRI; other scripts put a space
/// after their punctuation, and keep it inside an IRI (E4).
#[cfg(test)]
const CJK_BLOCKS: [std::ops::RangeInclusive<u32>; 3] =
    [0x3000..=0x303F, 0xFE50..=0xFE6F, 0xFF00..=0xFFEF];

/// The paired brackets of [`BRACKETS`] in `CJK_BLOCKS` (a test holds them to it): a closing one
/// without its opening partner since the start of an IRI in text ends it (E9).
const CJK_BRACKETS: [(char, char); 14] = [
    ('〈', '〉'),
    ('《', '》'),
    ('【', '】'),
    ('〔', '〕'),
    ('〖', '〗'),
    ('〘', '〙'),
    ('〚', '〛'),
    ('﹙', '﹚'),
    ('﹛', '﹜'),
    ('﹝', '﹞'),
    ('（', '）'),
    ('［', '］'),
    ('｛', '｝'),
    ('｟', '｠'),
];

/// Whether the character at `b[i]` is beyond ASCII and does not end an IRI in text (E3, E9):
/// text that goes on without a space.
#[inline]
fn goes_on_beyond_ascii(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(|&c| c >= 0x80)
        && decode(b, i).is_some_and(|(c, _)| !ends_an_iri(c) && !is_cjk_punctuation(c))
}

/// The kind of `c` in [`CJK_BRACKETS`] and whether it closes, if it is one of them.
#[inline]
fn cjk_bracket(c: char) -> Option<(usize, bool)> {
    if !matches!(c as u32, 0x3008..=0x301B | 0xFE59..=0xFE5E | 0xFF08..=0xFF60) {
        return None;
    }
    CJK_BRACKETS
        .iter()
        .enumerate()
        .find_map(|(k, &(open, close))| match c {
            _ if c == open => Some((k, false)),
            _ if c == close => Some((k, true)),
            _ => None,
        })
}

/// The character whose UTF-8 form starts at `b[i]`, a byte of 0x80 or above, and its length, if
/// it is well-formed (RFC 3629 4).
#[inline]
fn decode(b: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = b[i];
    let (n, second) = match lead {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xE1..=0xEF => (3, 0x80..=0xBF),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return None,
    };
    let tail = b.get(i + 1..i + n)?;
    if !second.contains(&tail[0]) || tail[1..].iter().any(|&c| c & 0xC0 != 0x80) {
        return None;
    }
    let cp = tail.iter().fold(u32::from(lead) & (0x7F >> n), |cp, &c| {
        cp << 6 | u32::from(c & 0x3F)
    });
    Some((char::from_u32(cp)?, n))
}

/// Whether `c` is punctuation that ends a sentence or a clause, which is not part of an IRI's
/// end: Unicode's Terminal_Punctuation (`. , ; : ! ?` in ASCII, and their full-width and other
/// scripts' forms: `。 、 ， ！ ？ ، ؟ । ። ။ ។`...), and the ellipsis; or a bidi formatting
/// character, which right-to-left text puts after a link (RLM) and the display form around an
/// IRI (PDF), and which 3987bis 4.1 keeps out of IRIs, though a liberal mode maps it.
fn is_trailing(c: char) -> bool {
    if c.is_ascii() {
        matches!(c, '.' | ',' | ';' | ':' | '!' | '?')
    } else {
        c == '…'
            || crate::tables::is_terminal_punctuation(c as u32)
            || crate::tables::code_point_class(c) == crate::tables::CodePointClass::BidiFormatting
    }
}

/// Opening brackets and their closing partners, sorted by the closing one: Unicode's paired
/// brackets (UAX #9 BD14, BD15), ASCII, full-width, those of Chinese and Japanese text and of
/// mathematics, but the quotation marks among them (U+300C to U+300F), which end an IRI.
const BRACKETS: &[(char, char)] = &crate::tables::BRACKET_PAIRS;

/// The kind of closing bracket `c` is, its index in [`BRACKETS`], if it is one.
#[inline(always)]
fn closing_kind(c: char) -> Option<usize> {
    if c.is_ascii() && !matches!(c, ')' | ']' | '}') {
        return None;
    }
    BRACKETS.binary_search_by_key(&c, |&(_, close)| close).ok()
}

/// The quote characters that a candidate's end loses when the same stands right before it
/// ([`trim`]): "'", Markdown's emphasis ("*", "_", "~") and code spans ("`"), the pipes of wiki
/// links and tables ("|"), and "^" (docs/spec-choices.md E4). Strict mode ends a candidate at
/// the last three; a liberal mode, which maps them, runs on through them.
const QUOTES: [u8; 7] = [b'\'', b'*', b'_', b'~', b'`', b'|', b'^'];

/// The most quote characters before a candidate that [`quotes_before`] reads: marks nest a few
/// deep (`**_`), and reading a long run again for each trim of a candidate would cost its length.
const MOST_QUOTES_BEFORE: usize = 8;

/// The quote characters before a candidate from `start` that its end loses (E4), as bits of
/// their indices in [`QUOTES`]: those of the run of them right before it (marks nest: `*_`), or
/// a "|" before spaces and tabs, which opens a cell of a Markdown table (`| http://a.com/x|`):
/// its closing "|" follows the cell's text without a space.
fn quotes_before(b: &[u8], start: usize) -> u8 {
    let mut set = 0;
    for &c in b[..start].iter().rev().take(MOST_QUOTES_BEFORE) {
        match quote_index(c) {
            Some(q) => set |= 1 << q,
            None => break,
        }
    }
    if set != 0 {
        return set;
    }
    let spaces = b[..start]
        .iter()
        .rev()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count();
    if spaces > 0 && b[..start - spaces].last() == Some(&b'|') {
        1 << PIPE
    } else {
        0
    }
}

/// The quote characters a candidate from `start` loses at its end, as bits of their indices
/// in [`QUOTES`]: those right before it ([`quotes_before`]) and the emphasis opened earlier on
/// its line ([`emphasis_open`]).
fn quotes_lost(b: &[u8], start: usize) -> u8 {
    quotes_before(b, start) | emphasis_open(b, start)
}

/// The most bytes before a candidate that [`emphasis_open`] reads: emphasis opens a few words
/// before a link, and reading further for each candidate would cost time n².
const MOST_EMPHASIS_BEFORE: usize = 256;

/// Markdown's emphasis marks ("*", "_", "~") opened before a candidate from `start`, on its
/// line, and not closed before it, as bits of their indices in [`QUOTES`]: for each mark, the
/// last run of it before `start` opens when it starts the line or follows a space, a tab, an
/// opening bracket or a quote (`(*a`), with the other marks it nests in (`**_a`), and a
/// character other than a space or a tab follows it (CommonMark's left-flanking run, 6.2, in
/// its plain case; not after other punctuation, which an IRI's `/_a` is).
/// `**bold http://a.com/x**` loses its "**" as `**http://a.com/x**` does (E4); the "__" of
/// `#object.__init__` opens nothing and stays. A run that starts where the reading stops,
/// [`MOST_EMPHASIS_BEFORE`] bytes back, opens nothing.
fn emphasis_open(b: &[u8], start: usize) -> u8 {
    let from = start.saturating_sub(MOST_EMPHASIS_BEFORE);
    let line = match memchr::memrchr(b'\n', &b[from..start]) {
        Some(k) => from + k + 1,
        None if from == 0 => 0,
        // The line starts further back than is read.
        None => from + 1,
    };
    let (mut open, mut seen) = (0u8, 0u8);
    let mut end = start;
    while end > line {
        let c = b[end - 1];
        let q = match c {
            b'*' | b'_' | b'~' => quote_index(c).unwrap_or_default(),
            _ => {
                end -= 1;
                continue;
            }
        };
        let run = end - b[line..end].iter().rev().take_while(|&&x| x == c).count();
        if seen & 1 << q == 0 {
            seen |= 1 << q;
            // Marks nest: the run of them all (`**_`) is what follows the space.
            let marks = run
                - b[line..run]
                    .iter()
                    .rev()
                    .take_while(|&&x| matches!(x, b'*' | b'_' | b'~'))
                    .count();
            let after_space = marks == line && (line == 0 || b[line - 1] == b'\n')
                || marks > line
                    && matches!(
                        b[marks - 1],
                        b' ' | b'\t' | b'(' | b'[' | b'{' | b'"' | b'\''
                    );
            let before_text = end < start && !matches!(b[end], b' ' | b'\t');
            if after_space && before_text {
                open |= 1 << q;
            }
        }
        end = run;
    }
    open
}

/// The index in [`QUOTES`] of "'".
const APOSTROPHE: usize = 0;

/// The index in [`QUOTES`] of "|".
const PIPE: usize = 5;

/// The index of `c` in [`QUOTES`], if it is one of them.
fn quote_index(c: u8) -> Option<usize> {
    QUOTES.iter().position(|&q| q == c)
}

/// For each of [`QUOTES`], where the last of it stands among some quote characters; and where
/// the last "'" but one does ([`SECOND_APOSTROPHE`]).
type QuoteStops = [Option<usize>; QUOTES.len() + 1];

/// The index in [`QuoteStops`] of the last "'" but one.
const SECOND_APOSTROPHE: usize = QUOTES.len();

/// Adds the quote character of index `q` in [`QUOTES`] at `at` to `stops`, read from the end.
fn add_stop(stops: &mut QuoteStops, q: usize, at: usize) {
    if q == APOSTROPHE && stops[q].is_some() {
        stops[SECOND_APOSTROPHE].get_or_insert(at);
    } else {
        stops[q].get_or_insert(at);
    }
}

/// The last of the quote characters of `stops` that stays when those of the set `lost` (bits of
/// [`quotes_before`]) are taken off the end, and so is a "'" for which `odd` holds (it has no
/// partner from the candidate's start): the last one that is not of `lost`, nor such a "'".
fn stop_among(stops: &QuoteStops, lost: u8, odd: impl Fn(usize) -> bool) -> Option<usize> {
    let apostrophe = match stops[APOSTROPHE] {
        Some(at) if odd(at) => stops[SECOND_APOSTROPHE],
        last => last,
    };
    (0..QUOTES.len())
        .filter(|&q| lost & 1 << q == 0)
        .filter_map(|q| {
            if q == APOSTROPHE {
                apostrophe
            } else {
                stops[q]
            }
        })
        .max()
}

/// The trailing punctuation of a run of characters an IRI may hold, read once for all the
/// candidates that start inside the run and end with it: what [`trim`] takes off the end of
/// such a candidate depends on it only through the brackets and the "'"s from the candidate's
/// start and the quote characters before that start. The candidates of a run come in the order
/// of their starts.
#[derive(Clone, Debug)]
struct Tail {
    /// The run: from where, to where.
    run: (usize, usize),
    /// Where the trailing punctuation starts: the longest end of the run of sentence
    /// punctuation, HTML character references, closing brackets and [`QUOTES`] (none after a
    /// byte that is not UTF-8).
    start: usize,
    /// Each kind of [`BRACKETS`] that the tail has a closing one of, and those closing ones, from
    /// the end, each with the [`QuoteStops`] of the quote characters right after it.
    closes: Vec<(usize, Vec<(usize, QuoteStops)>)>,
    /// The [`QuoteStops`] of the quote characters of the tail that follow no closing bracket.
    quote_stops: QuoteStops,
    /// For each kind of bracket of `closes`, the opening and the closing ones in the whole run,
    /// and in it before `counted`: counted once, as the starts go on.
    total: Vec<(usize, usize)>,
    before: Vec<(usize, usize)>,
    counted: usize,
    /// The "'"s of the tail, in order; and those of the run before the tail, and before
    /// `counted`: a "'" without its partner from a candidate's start is taken off its end.
    tail_apostrophes: Vec<usize>,
    apostrophes_before_tail: usize,
    apostrophes_before: usize,
    /// Whether the tail holds one of [`QUOTES`], which the quote characters before a
    /// candidate's start may take off.
    quotes: bool,
}

impl Tail {
    /// The tail of the run `b[from..end]`.
    fn new(b: &[u8], from: usize, end: usize) -> Tail {
        let mut tail = Tail {
            run: (from, end),
            start: end,
            closes: Vec::new(),
            quote_stops: [None; QUOTES.len() + 1],
            total: Vec::new(),
            before: Vec::new(),
            counted: from,
            tail_apostrophes: Vec::new(),
            apostrophes_before_tail: 0,
            apostrophes_before: 0,
            quotes: false,
        };
        // The stops of the quote characters read since the last character that is not one.
        let mut quotes: QuoteStops = [None; QUOTES.len() + 1];
        // `into`'s stops stand after `quotes`'.
        let merge = |into: &mut QuoteStops, quotes: &mut QuoteStops| {
            let quotes = std::mem::take(quotes);
            for (q, &at) in quotes.iter().enumerate().take(QUOTES.len()) {
                if let Some(at) = at {
                    add_stop(into, q, at);
                }
            }
            if let Some(at) = quotes[SECOND_APOSTROPHE] {
                add_stop(into, APOSTROPHE, at);
            }
        };
        tail.start -= closer_before(b, from, end);
        while let Some(last) = last_char(&b[from..tail.start]) {
            let mut at = tail.start - last.len_utf8();
            if let Some(k) = closing_kind(last) {
                let closes = match tail.closes.iter().position(|c| c.0 == k) {
                    Some(i) => &mut tail.closes[i].1,
                    None => {
                        tail.closes.push((k, Vec::new()));
                        &mut tail.closes.last_mut().unwrap().1
                    }
                };
                closes.push((at, std::mem::take(&mut quotes)));
            } else if let Some(q) = u8::try_from(last).ok().and_then(quote_index) {
                add_stop(&mut quotes, q, at);
            } else if is_trailing(last) {
                // An HTML character reference goes whole, as sentence punctuation ([`trim`]).
                if let Some(amp) = (last == ';').then(|| entity_start(b, from, at)).flatten() {
                    at = amp;
                }
                merge(&mut tail.quote_stops, &mut quotes);
            } else {
                break;
            }
            tail.start = at;
        }
        merge(&mut tail.quote_stops, &mut quotes);
        tail.quotes = b[tail.start..end].iter().any(|c| QUOTES.contains(c));
        tail.total = tail.bracket_counts(&b[from..end]);
        tail.before = vec![(0, 0); tail.closes.len()];
        tail.tail_apostrophes = memchr::memchr_iter(b'\'', &b[tail.start..end])
            .map(|at| tail.start + at)
            .collect();
        tail.apostrophes_before_tail = memchr::memchr_iter(b'\'', &b[from..tail.start]).count();
        tail
    }

    /// [`trim`] of the candidate from `start` to the end of the run, `None` where the tail does
    /// not tell it (a start inside the tail).
    fn trim(&mut self, b: &[u8], start: usize) -> Option<usize> {
        if start < self.run.0 || start >= self.start {
            return None;
        }
        // The brackets from `start`: those before it counted on from the last start.
        if start < self.counted {
            self.counted = self.run.0;
            self.before.fill((0, 0));
            self.apostrophes_before = 0;
        }
        let more = self.bracket_counts(&b[self.counted..start]);
        for (before, more) in self.before.iter_mut().zip(more) {
            *before = (before.0 + more.0, before.1 + more.1);
        }
        self.apostrophes_before += memchr::memchr_iter(b'\'', &b[self.counted..start]).count();
        self.counted = start;
        // Whether the "'" at `at` of the tail has no partner from `start`: the "'"s from there
        // to it are odd.
        let from_start = self.apostrophes_before_tail - self.apostrophes_before;
        let odd =
            |at: usize| (from_start + self.tail_apostrophes.partition_point(|&a| a <= at)) % 2 == 1;
        // The last character of the tail that stays, if one does: a closing bracket with no
        // more of its kind than opening ones from `start` once those after it are taken off, a
        // quote character not among those right before `start` and not right after a closing
        // bracket taken off.
        let lost = if self.quotes {
            quotes_lost(b, start)
        } else {
            0
        };
        let mut stays = stop_among(&self.quote_stops, lost, odd);
        for (k, (_, closes)) in self.closes.iter().enumerate() {
            let (opens, all) = (
                self.total[k].0 - self.before[k].0,
                self.total[k].1 - self.before[k].1,
            );
            let surplus = all.saturating_sub(opens);
            if let Some(&(at, quotes)) = closes.get(surplus) {
                stays = stays.max(Some(stop_among(&quotes, lost, odd).unwrap_or(at)));
            }
        }
        Some(stays.map_or(self.start, |at| at + char_len(b[at])))
    }

    /// For each kind of bracket of which the tail has a closing one (the others are not
    /// needed), its opening and closing ones in `b`.
    fn bracket_counts(&self, b: &[u8]) -> Vec<(usize, usize)> {
        self.closes
            .iter()
            .map(|&(k, _)| {
                let (open, close) = BRACKETS[k];
                (count_of(b, open), count_of(b, close))
            })
            .collect()
    }
}

/// How many times `c` stands in `b`.
fn count_of(b: &[u8], c: char) -> usize {
    let mut buf = [0; 4];
    memchr::memmem::find_iter(b, c.encode_utf8(&mut buf).as_bytes()).count()
}

/// Whether the candidate from `start` to the end of its run, `end`, stands between "<" (or
/// "<URL:") and ">" or between two '"' (RFC 3986 Appendix C, 3987bis 7.3): then its end is the
/// IRI's own, and loses no punctuation.
fn delimited(b: &[u8], start: usize, end: usize) -> bool {
    closing_delimiter(b, start).is_some_and(|close| b.get(end) == Some(&close))
}

/// The delimiter that closes an IRI opened by the one right before `start` (RFC 3986 Appendix
/// C), if one stands there: ">" after "<" or Appendix C's older "<URL:", '"' after '"'.
fn closing_delimiter(b: &[u8], start: usize) -> Option<u8> {
    match start.checked_sub(1).map(|i| b[i])? {
        b'<' => Some(b'>'),
        b'"' => Some(b'"'),
        b':' if start >= 5 && b[start - 5..start].eq_ignore_ascii_case(b"<URL:") => Some(b'>'),
        _ => None,
    }
}

/// How many bytes from `at` are the letters or digits of an escape that starts before it (E2):
/// roff's font `\fB`, `\f5` (two), its special characters `\(dq`, `\*(Cq`, `\f(CW` (two after
/// the "("), a string's `\n`, `\t`, `\r`, `\b`, `\f`, `\e` (one), `\x0a` (three) and `\u00e9`
/// (five), a percent-encoded octet's digits (`%0A`, `%3D`), and the final letter of a
/// terminal's control sequence (`ESC[32m`, `ESC[K`); none otherwise.
fn escape_letters(b: &[u8], at: usize) -> usize {
    let before = &b[..at];
    match (before, &b[at..]) {
        ([.., b'\\', b'('] | [.., b'\\', _, b'('], _) => 2,
        ([.., b'\\'], [b'f', c, ..]) if c.is_ascii_uppercase() || c.is_ascii_digit() => 2,
        ([.., b'\\'], [b'u', hex @ ..])
            if hex.len() >= 4 && hex[..4].iter().all(u8::is_ascii_hexdigit) =>
        {
            5
        }
        ([.., b'\\'], [b'x', h, l, ..]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => 3,
        ([.., b'\\'], [b'n' | b't' | b'r' | b'b' | b'f' | b'e', ..]) => 1,
        // A percent-encoded octet, its second digit or both.
        ([.., b'%', h], [l, ..]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => 1,
        ([.., b'%'], [h, l, ..]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => 2,
        // A terminal's control sequence (ECMA-48 5.4, CSI): ESC "[", numbers and ";", and a
        // final letter (`m` for colours, `K` to erase).
        _ if csi_parameters(before) => 1,
        _ => 0,
    }
}

/// Whether `before` ends with the introducer and the parameters of a control sequence of
/// ECMA-48 (5.4): ESC, "[", digits and ";".
fn csi_parameters(before: &[u8]) -> bool {
    let params = before
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit() || **c == b';')
        .count();
    before[..before.len() - params].ends_with(b"\x1b[")
}

/// The opening brackets of a run and their partners, for the candidates that stand after one.
#[derive(Clone, Debug)]
struct Partners {
    /// The run: from where, to where.
    run: (usize, usize),
    /// For each kind of [`BRACKETS`] asked for, its brackets partnered.
    kinds: Vec<PartneredKind>,
}

/// The brackets of one kind of a run partnered: the kind's index in [`BRACKETS`], from where in
/// the run they were read, and each opening one with its partner, in order.
type PartneredKind = (usize, usize, Vec<(usize, usize)>);

/// The brackets `(open, close)` of `b[from..end]` that have a partner there, each opening one
/// with its partner, in the order of the opening ones: the nearest unpartnered opening one
/// before a closing one is its partner. None where the text is not UTF-8.
fn partnered(
    b: &[u8],
    from: usize,
    end: usize,
    (open, close): (char, char),
) -> Vec<(usize, usize)> {
    let Ok(text) = std::str::from_utf8(&b[from..end]) else {
        return Vec::new();
    };
    let (mut unpartnered, mut pairs) = (Vec::new(), Vec::new());
    for (i, c) in text.char_indices() {
        if c == open {
            unpartnered.push(from + i);
        } else if c == close {
            if let Some(opening) = unpartnered.pop() {
                pairs.push((opening, from + i));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// A quote an IRI in text may stand after, which it then ends before (E8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quote {
    /// "'" as written.
    Apostrophe,
    /// An HTML character reference for this ASCII quote, "'" or '"', in any spelling
    /// (`&quot;`, `&#39;`, `&#039;`, `&#x27;`, `&apos;`...).
    Escaped(u8),
    /// The geresh (U+05F3) or the gershayim (U+05F4), Hebrew's quotation marks, by the last
    /// byte of their UTF-8 form.
    Hebrew(u8),
}

/// The first byte of the UTF-8 forms of the geresh and the gershayim.
const HEBREW_LEAD: u8 = 0xD7;
/// The last byte of the UTF-8 form of the geresh, U+05F3.
const GERESH: u8 = 0xB3;
/// The last byte of the UTF-8 form of the gershayim, U+05F4.
const GERSHAYIM: u8 = 0xB4;

/// Whether `c` is a letter of the Hebrew block (U+05D0 to U+05EA, and the ligatures U+05EF to
/// U+05F2), which a geresh or a gershayim that marks an abbreviation or a number comes before.
fn is_hebrew_letter(c: char) -> bool {
    matches!(c, '\u{5D0}'..='\u{5EA}' | '\u{5EF}'..='\u{5F2}')
}

/// The quote that ends right before `start`, if one does: a "'", or an HTML character
/// reference for "'" or '"' (E8).
fn opening_quote(b: &[u8], start: usize) -> Option<Quote> {
    match b[..start].last()? {
        b'\'' => Some(Quote::Apostrophe),
        &c @ (GERESH | GERSHAYIM) if b[..start].ends_with(&[HEBREW_LEAD, c]) => {
            Some(Quote::Hebrew(c))
        }
        b';' => {
            let from = start.saturating_sub(MOST_REFERENCE_LEN);
            let amp = from + b[from..start].iter().rposition(|&c| c == b'&')?;
            let (quote, len) = escaped_quote(&b[amp..start])?;
            (len == start - amp).then_some(Quote::Escaped(quote))
        }
        _ => None,
    }
}

/// Where the partner of `quote` first stands in `b[start..end]`, if it does: the same "'", or
/// a reference for the same character, in any spelling.
fn closing_quote(b: &[u8], quote: Quote, start: usize, end: usize) -> Option<usize> {
    let text = &b[start..end];
    match quote {
        Quote::Apostrophe => memchr::memchr(b'\'', text).map(|at| start + at),
        // Not one that a letter of Hebrew follows: that one marks an abbreviation (`צה״ל`).
        Quote::Hebrew(c) => memchr::memmem::find_iter(text, &[HEBREW_LEAD, c])
            .find(|&at| {
                let next = text.get(at + 2).filter(|&&c| c >= 0x80);
                !next
                    .is_some_and(|_| decode(text, at + 2).is_some_and(|(c, _)| is_hebrew_letter(c)))
            })
            .map(|at| start + at),
        Quote::Escaped(q) => memchr::memchr_iter(b'&', text)
            .find(|&at| escaped_quote(&text[at..]).is_some_and(|(c, _)| c == q))
            .map(|at| start + at),
    }
}

/// The longest HTML character reference for a quote that [`escaped_quote`] reads: `&#x22;`
/// with a few leading zeros (`&#039;`, as PHP writes it).
const MOST_REFERENCE_LEN: usize = 12;

/// The quote, "'" or '"', that the HTML character reference at the start of `b` stands for,
/// and the reference's length: `&apos;`, `&quot;`, or a numeric one (`&#39;`, `&#x22;`).
fn escaped_quote(b: &[u8]) -> Option<(u8, usize)> {
    let semi = b.iter().take(MOST_REFERENCE_LEN).position(|&c| c == b';')?;
    let name = b.get(1..semi)?;
    let code = match name {
        b"apos" => 0x27,
        b"quot" => 0x22,
        [b'#', b'x' | b'X', hex @ ..]
            if hex.iter().all(u8::is_ascii_hexdigit) && !hex.is_empty() =>
        {
            u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?
        }
        [b'#', digits @ ..] if digits.iter().all(u8::is_ascii_digit) && !digits.is_empty() => {
            std::str::from_utf8(digits).ok()?.parse().ok()?
        }
        _ => return None,
    };
    matches!(code, 0x22 | 0x27).then_some((code as u8, semi + 1))
}

/// The length of the UTF-8 sequence its lead `lead` starts.
fn char_len(lead: u8) -> usize {
    match lead {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// [`trim`] of the candidate `b[start..end]`, where `end` is the end of its run or the "@"
/// before which the "www." candidates of the run end, from the [`Tail`] of `b[from..end]` kept
/// in `slot`, `from` being where the first of the candidates that share that end starts: each
/// trimmed on its own counted the brackets of the rest of the run, which made a line of many
/// (a Markdown line of links, `[a](http://a/)[b](http://b/)...`) take time n².
fn trim_from_tail(
    slot: &mut Option<Box<Tail>>,
    b: &[u8],
    from: usize,
    start: usize,
    end: usize,
) -> usize {
    let tail = match slot {
        Some(tail) if tail.run == (from, end) => tail,
        other => other.insert(Box::new(Tail::new(b, from, end))),
    };
    tail.trim(b, start).unwrap_or_else(|| trim(b, start, end))
}

/// The end of the candidate `b[start..end]` without its trailing punctuation: sentence
/// punctuation, a closing bracket with more of its kind than of its opening partner, and a
/// "'" that closes one right before `start` (and the others of [`QUOTES`], Markdown's "*", "_",
/// "~" and "`", "|" and "^", which nest: "*_"; a "|" also after a table cell's "|" and spaces:
/// [`quotes_before`]; and "*", "_", "~" of emphasis opened earlier on the line:
/// [`emphasis_open`]) or that follows a closing bracket taken off (`*(see http://a.com/x)*`),
/// and an HTML character
/// reference (`&gt;`, [`entity_start`]). Nothing is trimmed after a byte that is not UTF-8.
///
/// The brackets of a kind are counted once, when one of them is first last, and the counts kept
/// as characters are trimmed: counted again each time, a run of closing brackets took time n².
/// So is what stands before a run of quote characters, read once for the run.
fn trim(b: &[u8], start: usize, end: usize) -> usize {
    trim_with(b, start, end, true)
}

/// [`trim`] of a candidate that ends before the partner of the opening bracket right before it
/// (E8): its closing brackets and its "'"s stay, as those of the bracket's kind are partnered
/// inside it; counted again for each candidate of many nested ones, they took time n².
fn trim_before_partner(b: &[u8], start: usize, end: usize) -> usize {
    trim_with(b, start, end, false)
}

/// [`trim`], taking off closing brackets and "'"s without their partner or not (`counted`: what
/// it takes counting them through the candidate).
fn trim_with(b: &[u8], start: usize, mut end: usize, counted: bool) -> usize {
    // Each kind of bracket once counted, and its opening and closing ones in `b[start..end]`.
    let mut counts: Vec<(usize, usize, usize)> = Vec::new();
    // Whether the run of quote characters that `end` is in follows a closing bracket taken off.
    let mut quotes_follow_trimmed: Option<bool> = None;
    // The quote characters before `start`, once read.
    let mut before: Option<u8> = None;
    // The "'"s of `b[start..end]`, once counted.
    let mut apostrophes: Option<usize> = None;
    end -= closer_before(b, start, end);
    while let Some(last) = last_char(&b[start..end]) {
        let text = &b[start..end];
        let unbalanced = |last: char, counts: &mut Vec<(usize, usize, usize)>| {
            counted
                && closing_kind(last).is_some_and(|k| {
                    let (_, opens, closes) = match counts.iter().find(|n| n.0 == k) {
                        Some(&n) => n,
                        None => {
                            let (open, close) = BRACKETS[k];
                            counts.push((k, count_of(text, open), count_of(text, close)));
                            counts[counts.len() - 1]
                        }
                    };
                    closes > opens
                })
        };
        let quote = u8::try_from(last).ok().and_then(quote_index);
        let is_quote = quote.is_some();
        let quoted = quote.is_some_and(|q| {
            *before.get_or_insert_with(|| quotes_lost(b, start)) & 1 << q != 0
                || *quotes_follow_trimmed.get_or_insert_with(|| {
                    // Quote characters are no brackets: the counts of `text` are those of
                    // the text up to the character before them.
                    let before =
                        text.len() - text.iter().rev().take_while(|c| QUOTES.contains(c)).count();
                    last_char(&text[..before]).is_some_and(|p| unbalanced(p, &mut counts))
                })
                // A "'" without its partner in the IRI closes a quote opened before it.
                || counted
                    && q == APOSTROPHE
                    && *apostrophes.get_or_insert_with(|| memchr::memchr_iter(b'\'', text).count())
                        % 2
                        == 1
        });
        // An HTML character reference after the IRI goes whole (E4), as GFM's autolinks read
        // one: `&gt;` is no part of `http://a.com/x&gt;`, and its ";" alone would leave "&gt".
        if let Some(amp) = (last == ';')
            .then(|| entity_start(b, start, end - 1))
            .flatten()
        {
            end = amp;
            quotes_follow_trimmed = None;
            continue;
        }
        if is_trailing(last) || !is_quote && unbalanced(last, &mut counts) || quoted {
            end -= last.len_utf8();
            if !is_quote {
                quotes_follow_trimmed = None;
            }
            if let (Some(n), '\'') = (apostrophes.as_mut(), last) {
                *n -= 1;
            }
            for (k, opens, closes) in &mut counts {
                let (open, close) = BRACKETS[*k];
                *opens -= usize::from(last == open);
                *closes -= usize::from(last == close);
            }
        } else {
            break;
        }
    }
    end
}

/// How many bytes before `end`, and after `start`, are no part of an IRI that ends at `end`
/// for what they open with the byte there (E4): the "$" of a template's placeholder `${`
/// ([`placeholder_at`]), and the "-"s of an arrow or of the end of an HTML comment before a
/// ">" (`http://a.com/x->`, `<!--http://a.com/x-->`).
fn closer_before(b: &[u8], start: usize, end: usize) -> usize {
    if end > start && placeholder_at(b, end) {
        1
    } else if b.get(end) == Some(&b'>') {
        b[start..end]
            .iter()
            .rev()
            .take_while(|&&c| c == b'-')
            .count()
    } else {
        0
    }
}

/// Whether `b[end]` is the "{" of a template's placeholder, `${`, that ends an IRI, whose "$" is
/// then no part of it (E4): `https://a.com/${path}`, in JavaScript and the shell.
fn placeholder_at(b: &[u8], end: usize) -> bool {
    end > 0 && b[end - 1] == b'$' && b.get(end) == Some(&b'{')
}

/// Where the HTML character reference that ends with the ";" at `semi` starts, if `b[from..semi]`
/// ends with "&" and one or more ASCII letters or digits: its "&" (docs/spec-choices.md E4).
///
/// GFM's autolinks extension reads an entity so, and leaves it out of the link: HTML-escaped text
/// writes `&lt;http://a.com/x&gt;`. A numeric reference (`&#39;`) is not one: its "#" starts the
/// fragment of the IRI.
fn entity_start(b: &[u8], from: usize, semi: usize) -> Option<usize> {
    let name = b[from..semi]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    let amp = semi.checked_sub(name + 1)?;
    (name > 0 && amp >= from && b[amp] == b'&').then_some(amp)
}

/// The last character of `b`, if it ends with a well-formed one.
fn last_char(b: &[u8]) -> Option<char> {
    let &last = b.last()?;
    if last < 0x80 {
        return Some(char::from(last));
    }
    let from = b.len().saturating_sub(4);
    let lead = (from..b.len()).rev().find(|&k| b[k] & 0xC0 != 0x80)?;
    std::str::from_utf8(&b[lead..]).ok()?.chars().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `c`, not ASCII, is a quotation mark: Unicode's Quotation_Mark ('"' ends an IRI
    /// anyway, and "'" is a sub-delim), by ICU's data.
    fn is_quotation_mark(c: char) -> bool {
        !c.is_ascii()
            && icu_properties::CodePointSetData::new::<icu_properties::props::QuotationMark>()
                .contains(c)
    }

    /// Whether `c` is in one of `CJK_BLOCKS`.
    fn in_cjk_blocks(c: char) -> bool {
        CJK_BLOCKS.iter().any(|block| block.contains(&(c as u32)))
    }

    /// [`reach`] a byte at a time, with `std` deciding UTF-8 and the properties their tables:
    /// the reference of every level.
    fn reach_bytewise(b: &[u8], start: usize, liberal: bool, delimited: bool) -> (usize, usize) {
        let terminal = crate::tables::is_terminal_punctuation;
        // The opening brackets of E9 without a partner, and where each stands.
        let mut unpartnered: Vec<(char, usize)> = Vec::new();
        // The character at `i`, if it is beyond ASCII, UTF-8, and no end of an IRI in text.
        let goes_on = |i: usize| {
            let c = (1..=4)
                .find_map(|n| b.get(i..i + n).and_then(|s| std::str::from_utf8(s).ok()))
                .and_then(|s| s.chars().next());
            c.is_some_and(|c| {
                !(c.is_ascii()
                    || c.is_whitespace()
                    || is_quotation_mark(c)
                    || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
                    || in_cjk_blocks(c) && terminal(c as u32))
            })
        };
        let mut i = start;
        while i < b.len() {
            // One whose partner is more than `PARTNER_WITHIN` bytes after it has none.
            if unpartnered.iter().any(|&(_, at)| i > at + PARTNER_WITHIN) {
                break;
            }
            let c = b[i];
            if c < 0x80 {
                let iri = ascii(c) & class::QUERY != 0 || b"#[]%".contains(&c);
                if !(iri || liberal && b"{}|\\^`".contains(&c)) {
                    break;
                }
                if liberal && c == b'{' && i > start && b[i - 1] == b'$' {
                    break;
                }
                let partner = match c {
                    b')' => b'(',
                    b']' => b'[',
                    b'}' => b'{',
                    _ => 0,
                };
                if !delimited && partner != 0 && goes_on(i + 1) {
                    // Each closing one partners the nearest opening one before it.
                    let open = b[start..i].iter().fold(0usize, |open, &y| match y {
                        _ if y == partner => open + 1,
                        _ if y == c => open.saturating_sub(1),
                        _ => open,
                    });
                    if open == 0 {
                        break;
                    }
                }
                i += 1;
                continue;
            }
            let n = (1..=4)
                .find(|&n| {
                    b.get(i..i + n)
                        .is_some_and(|s| std::str::from_utf8(s).is_ok())
                })
                .unwrap_or(0);
            let c = b.get(i..i + n).and_then(|s| std::str::from_utf8(s).ok());
            match c.and_then(|s| s.chars().next()) {
                Some(c)
                    if !c.is_whitespace()
                        && !is_quotation_mark(c)
                        && !matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}') =>
                {
                    let doubled = matches!(c, '\u{2014}' | '\u{2026}')
                        && b[i + n..].starts_with(c.to_string().as_bytes());
                    if !delimited && doubled {
                        break;
                    }
                    if !delimited && in_cjk_blocks(c) {
                        if terminal(c as u32) {
                            break;
                        }
                        if let Some(&(open, _)) = BRACKETS.iter().find(|&&(_, close)| close == c) {
                            match unpartnered.iter().rposition(|&(o, _)| o == open) {
                                Some(at) => drop(unpartnered.remove(at)),
                                None => break,
                            }
                        } else if BRACKETS.iter().any(|&(open, _)| open == c) {
                            unpartnered.push((c, i));
                        }
                    }
                    i += n
                }
                _ => break,
            }
        }
        // The run ends before the first opening bracket without a partner.
        let i = unpartnered.iter().map(|&(_, at)| at).fold(i, usize::min);
        let first = b[start..i]
            .iter()
            .position(|c| b"',;".contains(c))
            .map_or(i, |k| start + k);
        (i, first)
    }

    /// The schemes of `data/schemes.csv`, read from the file: the reference of the generated table.
    fn table_schemes() -> Vec<&'static str> {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/schemes.csv"))
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(',').next().unwrap().trim())
            .collect()
    }

    #[test]
    fn a_scheme_may_end_with_the_last_bytes_of_the_schemes_that_count() {
        let custom = ["x-Foo", "z39.50r", "mailto", "é"];
        let options = [
            (ExtractOptions::new(), table_schemes()),
            (ExtractOptions::new().schemes(custom), custom.to_vec()),
        ];
        for (options, schemes) in options {
            for c in 0..=255u8 {
                // A name with a byte that is not ASCII is no scheme (RFC 3986 3.1): no text
                // starts with it.
                let ends = schemes.iter().filter(|s| s.is_ascii()).any(|s| {
                    s.as_bytes()
                        .last()
                        .is_some_and(|l| l.eq_ignore_ascii_case(&c))
                });
                assert_eq!(options.may_end_scheme(c, false), ends, "{c:#x} {schemes:?}");
                let any_scheme = options.schemes.is_none();
                assert_eq!(
                    options.may_end_scheme(c, true),
                    ends || any_scheme,
                    "{c:#x} //"
                );
            }
        }
    }

    /// The ":"s of 64 bytes from each offset of texts of every length up to 150, with ":"s at
    /// random places, are those a byte walk finds.
    #[test]
    fn colon_bits_are_the_colons_of_the_next_64_bytes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..150 {
            for _ in 0..20 {
                let b: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        [b':', b'a', b'/', 0xBA][(seed % 4) as usize]
                    })
                    .collect();
                for from in 0..len {
                    let walk = b[from..(from + 64).min(len)]
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (k, &c)| m | u64::from(c == b':') << k);
                    assert_eq!(colon_bits(&b, from), walk, "{b:?} from {from}");
                }
            }
        }
    }

    /// The vector code stops at the first two bytes of every character that ends an IRI or is
    /// a bracket of Chinese and Japanese text, and each pair it stops at begins one.
    #[test]
    fn the_pairs_the_vector_code_stops_at_are_those_of_the_characters_that_end_an_iri() {
        let mut used = [false; simd::TEXT_END_PAIRS.len()];
        for c in (0x80..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| ends_an_iri(c) || is_cjk_punctuation(c) || cjk_bracket(c).is_some())
        {
            let mut buf = [0; 4];
            let s = c.encode_utf8(&mut buf).as_bytes();
            let k = simd::TEXT_END_PAIRS.iter().position(|&p| p == (s[0], s[1]));
            let k = k.unwrap_or_else(|| panic!("U+{:04X}", c as u32));
            used[k] = true;
        }
        assert!(used.iter().all(|&u| u), "{used:?}");
    }

    #[test]
    fn the_characters_that_end_an_iri_are_white_space_and_quotation_marks() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let expected = c.is_whitespace()
                || is_quotation_mark(c)
                || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}');
            assert_eq!(ends_an_iri(c), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn the_punctuation_of_chinese_and_japanese_text_is_its_terminal_punctuation() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let expected = in_cjk_blocks(c) && crate::tables::is_terminal_punctuation(c as u32);
            assert_eq!(is_cjk_punctuation(c), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn the_brackets_of_chinese_and_japanese_text_are_the_paired_ones_of_their_blocks() {
        let pairs: Vec<_> = BRACKETS
            .iter()
            .filter(|&&(open, _)| in_cjk_blocks(open))
            .collect();
        assert_eq!(pairs.len(), CJK_BRACKETS.len());
        for &(open, close) in pairs {
            let k = CJK_BRACKETS
                .iter()
                .position(|&p| p == (open, close))
                .unwrap();
            assert_eq!(cjk_bracket(open), Some((k, false)));
            assert_eq!(cjk_bracket(close), Some((k, true)));
        }
        let kinds = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| cjk_bracket(c).is_some())
            .count();
        assert_eq!(kinds, 2 * CJK_BRACKETS.len());
    }

    /// What the runs of `tails_trim_as_trim_does` are made of: letters where candidates start,
    /// brackets of each kind, sentence punctuation, quote characters, and bytes that are not
    /// UTF-8.
    const TAIL_PIECES: [&[u8]; 32] = [
        b"a",
        b"h",
        b"/",
        b"(",
        b")",
        b"[",
        b"]",
        b"{",
        b"}",
        "（".as_bytes(),
        "）".as_bytes(),
        "］".as_bytes(),
        "⟨".as_bytes(),
        "⟩".as_bytes(),
        b".",
        b",",
        "。".as_bytes(),
        b"'",
        b"*",
        b"_",
        b"~",
        b"`",
        b"|",
        b"^",
        b" ",
        b"&",
        b";",
        b"gt",
        b"$",
        "é".as_bytes(),
        b"\xFF",
        b"\xE3\x80",
    ];

    /// "www." candidates that the grammar refuses in their host, port or path, near or far from
    /// where a prefix ends, and in href mode candidates whose "\" a later "@" makes part of a
    /// userinfo: read from prefixes of every first length, as read whole.
    #[test]
    fn prefixes_refuse_where_the_whole_does() {
        let texts = [
            "www.a%41%C3%A9[",
            "www.a%4",
            "www.%4",
            "www.a:8x/b",
            "www.a:80x",
            "www.a:8:9",
            "www.a.b%zz/c",
            "www.ab{cd/e",
            "x www.é%,www.b%2",
            "www.a%,www.b%,www.c%,",
            "www.a@b",
        ];
        for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
            let options = ExtractOptions::new().www(true).mode(mode);
            // In href mode, with a scheme that is not special, a "\" after the port's ":" ends
            // the authority only where no "@" follows it, which a prefix cannot tell.
            let texts = texts.iter().chain(match mode {
                Mode::Href => &["foo://a:b\\cc@h/x", "foo://a\\b:c@h/x", "foo://a:b\\c/x"][..],
                _ => &[],
            });
            for &text in texts {
                let found = |window: usize| {
                    let mut found = extract(text, &options);
                    found.window = window;
                    found
                        .map(|f| (f.range(), f.iri().as_str().to_string()))
                        .collect::<Vec<_>>()
                };
                let whole = found(usize::MAX);
                for window in 1..=text.len() {
                    assert_eq!(found(window), whole, "{text} {mode:?} {window}");
                }
            }
        }
    }

    proptest! {
        /// The tail of a run trims each candidate that starts inside it (at a letter, as
        /// candidates do) as [`trim`] does, with the starts in order, and again from the first;
        /// the run ends with the text or at its first "{" (strict mode's end, after which a
        /// "$" is no part of it).
        #[test]
        fn tails_trim_as_trim_does(
            pieces in proptest::collection::vec(0..TAIL_PIECES.len(), 1..40),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..8),
            at_brace in any::<bool>(),
        ) {
            let b: Vec<u8> = pieces.iter().flat_map(|&k| TAIL_PIECES[k].to_vec()).collect();
            let end = if at_brace {
                b.iter().position(|&c| c == b'{').unwrap_or(b.len())
            } else {
                b.len()
            };
            let letters: Vec<usize> = (0..end).filter(|&i| matches!(b[i], b'a' | b'h')).collect();
            prop_assume!(!letters.is_empty());
            let mut starts: Vec<usize> = picks.iter().map(|p| letters[p.index(letters.len())]).collect();
            starts.sort_unstable();
            let mut tail = Tail::new(&b, starts[0], end);
            for &start in starts.iter().chain(&starts[..1]) {
                if let Some(trimmed) = tail.trim(&b, start) {
                    prop_assert_eq!(trimmed, trim(&b, start, end), "{:?} from {} to {}", b, start, end);
                }
            }
        }

        /// In a liberal mode, and for "www." candidates in any mode, reading prefixes first (of
        /// any first length, doubling) finds what reading each candidate whole finds.
        #[test]
        fn prefixes_refuse_only_what_the_whole_refuses(
            pieces in proptest::collection::vec(prop_oneof![
                "[a-z0-9/.:@?=&%#\\[\\]{}|^`-]{1,12}",
                Just("http://".to_string()), Just("www.".to_string()),
                Just("u:p@h:80/".to_string()), Just("user:password@".to_string()),
                Just("host:8080".to_string()), Just("[::1]".to_string()),
                Just("%41%C3%A9".to_string()),
                Just("é".to_string()), Just("例".to_string()), Just(" ".to_string()),
            ], 1..12),
            mode in prop_oneof![Just(Mode::Strict), Just(Mode::Leiri), Just(Mode::Href)],
            www in any::<bool>(),
            window in 1usize..40,
        ) {
            let text = pieces.concat();
            let options = ExtractOptions::new().www(www).mode(mode);
            let found = |window: usize| {
                let mut found = extract(&text, &options);
                found.window = window;
                found.map(|f| (f.range(), f.iri().as_str().to_string())).collect::<Vec<_>>()
            };
            prop_assert_eq!(found(window), found(usize::MAX));
        }

        /// Every level reaches as far as the byte walk.
        #[test]
        fn reach_at_every_level_is_the_byte_walk(
            pieces in proptest::collection::vec(prop_oneof![
                "[a-z0-9/.:@?=&%#\\[\\]-]{1,40}",
                Just("é".to_string()), Just("例".to_string()), Just("𐌀".to_string()),
                Just("\u{3000}".to_string()), Just("«".to_string()), Just("{|}".to_string()),
                Just(" ".to_string()), Just("\"".to_string()), Just("\u{A0}".to_string()),
                // Characters whose first two bytes are those of one that ends an IRI, or
                // whose lead the vector code leaves to the walk.
                Just("、あ".to_string()), Just("–→".to_string()), Just("“".to_string()),
                Just("°".to_string()), Just("\u{85}\u{80}".to_string()), Just("＂ｰ".to_string()),
                Just("\u{1680}ሀ".to_string()), Just("\u{205F}\u{2066}".to_string()),
                Just("\u{FEFF}\u{FFFE}".to_string()), Just("😀".to_string()),
                Just("שלום".to_string()), Just("مرحبا".to_string()),
                // Punctuation and brackets of Chinese and Japanese text (E9).
                Just("。".to_string()), Just("，".to_string()), Just("﹒".to_string()),
                Just("（".to_string()), Just("）".to_string()), Just("【".to_string()),
                Just("】".to_string()), Just("｟｠".to_string()), Just("⟨⟩".to_string()),
                // ASCII brackets before text beyond ASCII (E9).
                Just(")é".to_string()), Just("]例".to_string()), Just("}あ".to_string()),
                Just("((".to_string()), Just(")(".to_string()), Just("[{".to_string()),
                "[éあ例ש]{1,70}",
            ], 0..12),
            cut in proptest::option::of(0usize..200),
            start in 0usize..8,
            liberal in any::<bool>(),
            delimited in any::<bool>(),
        ) {
            let mut b = pieces.concat().into_bytes();
            if let Some(cut) = cut {
                // A byte that is not UTF-8, a sequence cut short, a continuation byte alone,
                // a lead of a pair of `TEXT_END_PAIRS` alone, overlong forms, a surrogate, a
                // code point past U+10FFFF.
                let at = cut.min(b.len());
                let bad: [&[u8]; 8] = [
                    b"\xFF", b"\xE3", b"\x80", b"\xC2", b"\xE0\x80\x80", b"\xC0\xAF",
                    b"\xED\xA0\x80", b"\xF4\x90\x80\x80",
                ];
                b.splice(at..at, bad[cut % 8].iter().copied());
            }
            let start = start.min(b.len());
            let expected = reach_bytewise(&b, start, liberal, delimited);
            simd::for_each_level(|level| {
                let reach = Reach { b: &b, start, liberal, delimited };
                let got = simd::dispatch(level, reach);
                assert_eq!(got, expected, "{level:?} {:?}", String::from_utf8_lossy(&b));
            });
        }
    }
}
