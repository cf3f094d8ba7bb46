//! `iriscan dedupe`: each line whose comparison key at a level was not seen before, streaming.
//!
//! The keys are computed in parallel with the rest of the engine's work; each line's record
//! (its key's 128-bit fingerprint and what to print) goes through `write_chunk`, which runs in
//! input order and keeps the set of fingerprints seen. Memory grows with the number of distinct
//! keys only: 16 bytes each in a hash set (about 18 to 37 bytes with the table's slack).

use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::{json_str, write_error_json};
use iriscan::compare::{key, CompareOptions};
use iriscan::normalize::Level;
use iriscan::{Iri, IriRef};
use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::io::{self, Write};
use std::sync::Mutex;

/// Print each line whose comparison key at --level was not seen on an earlier line, as it is:
/// the first of each set of equivalent IRIs (3987bis 5.3), in input order, streaming.
///
/// Two lines are duplicates exactly when `iriscan compare` at the same level says equivalent.
/// A line that is not an IRI reference is kept (once per exact text) and counted as not ok;
/// so is one whose key cannot be made (IDNA fails on its host at the scheme level, or the line
/// is relative and there is no --base). --valid keeps only the lines with a key, --invalid
/// only the others. JSON: {"line", "input", "ok", "key"} or, when not ok, {"line", "input",
/// "ok", "error": {"kind", "offset", "message"}}. Exit status as grep: 0 when a line was
/// written, 1 when none, 2 on errors.
///
/// Examples:
///   iriscan dedupe crawl-frontier.txt > unique.txt
///   iriscan dedupe --level scheme --valid < links.txt
///   iriscan dedupe --base https://example.org/docs/ hrefs.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The rung of the ladder.
    #[arg(long, default_value = "syntax", value_parser = crate::normalize::level_parser())]
    level: Level,
    /// Leave fragments out of the key (5.1: for a network action such as fetching).
    #[arg(long)]
    exclude_fragment: bool,
    /// What makes two lines duplicates: the IRI (its comparison key at --level), its host, its
    /// registrable domain (eTLD+1, by the Public Suffix List; the host when it has none) or its
    /// origin (scheme, host and port at the scheme level). Hosts and origins are read at the
    /// scheme level at least, so that "Example.COM" and "example.com" are one host.
    #[arg(long, default_value = "iri", value_enum)]
    by: By,
    /// Instead of the lines, each key once with the number of lines that had it, at the end, in
    /// the order the keys came: KEY<TAB>COUNT (JSON: {"key", "ok": true, "count"}). A line
    /// without a key is counted by its text (JSON: {"input", "ok": false, "count"}); --valid
    /// counts the keys alone, --invalid those lines alone. The keys are kept in memory, not
    /// their fingerprints: for crawl budgets by host or registrable domain.
    #[arg(long)]
    count: bool,
    /// The absolute IRI that relative references are resolved against (RFC 3986 5.2).
    #[arg(long, value_name = "IRI")]
    base: Option<String>,
    #[command(flatten)]
    protocol: crate::normalize::ProtocolArgs,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: &Args) -> u8 {
    // --base as resolve and relativize read it: by --mode, and absolute (RFC 3986 5.2.1).
    let Ok(text) = crate::resolve::optional_base(args.base.as_deref(), &args.read) else {
        return engine::EXIT_TROUBLE;
    };
    let mut options = CompareOptions::new(args.level)
        .exclude_fragment(args.exclude_fragment)
        .protocol(args.protocol.options());
    options.base = text.as_deref().map(|t| Iri::parse(t).expect("checked"));
    let mut by_options = options.clone();
    by_options.level = by_options.level.max(Level::Scheme);
    let command = Dedupe {
        args,
        options,
        by_options,
        hashers: (RandomState::new(), RandomState::new()),
        seen: Mutex::new(HashSet::default()),
        counts: Mutex::new(Counts::default()),
    };
    engine::run(&args.common, &command)
}

/// `--by`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum By {
    Iri,
    Host,
    RegistrableDomain,
    Origin,
}

/// What `by` keeps one line per, for the comparison key `key` of `iri` (at the scheme level at
/// least, but for `By::Iri`).
fn by_key(by: By, iri: &IriRef<'_>, key: String) -> Option<String> {
    let host = |key: &str| IriRef::parse(key).ok()?.host().map(str::to_string);
    match by {
        By::Iri => Some(key),
        By::Host => host(&key),
        By::RegistrableDomain => iri
            .registrable_domain(iriscan::suffix::Sections::All)
            .or_else(|| host(&key)),
        By::Origin => {
            let k = IriRef::parse(&key).ok()?;
            let port = k.port().map_or(String::new(), |p| format!(":{p}"));
            Some(format!("{}://{}{port}", k.scheme()?, k.host()?))
        }
    }
}

/// Fingerprints are uniformly random already: the set uses their low 64 bits as the hash.
#[derive(Default)]
struct Fingerprint(u64);

impl Hasher for Fingerprint {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

struct Dedupe<'a> {
    args: &'a Args,
    options: CompareOptions<'a>,
    /// The options of `--by` other than `iri`: the level's, at the scheme level at least.
    by_options: CompareOptions<'a>,
    /// Two independently keyed SipHash instances: a 128-bit fingerprint, so that two distinct
    /// keys collide with probability about n² / 2^129 (for a billion keys, below 10^-20).
    hashers: (RandomState, RandomState),
    seen: Mutex<HashSet<u128, BuildHasherDefault<Fingerprint>>>,
    /// With `--count`: the place of each key in the list, and the keys with their counts.
    counts: Mutex<Counts>,
}

/// The keys of `--count`, in the order they came, and where each is.
#[derive(Default)]
struct Counts {
    at: HashMap<u128, usize, BuildHasherDefault<Fingerprint>>,
    keys: Vec<(Vec<u8>, u64)>,
}

/// A record of a line for `write_chunk`: the fingerprint, the length of what to print (64 bits:
/// a line's output has no limit below what memory allows), and it. A line that is not written
/// (`--valid`, `--invalid`) has no record.
const HEAD: usize = 16 + 8;

impl Dedupe<'_> {
    fn fingerprint(&self, tag: u8, key: &[u8]) -> u128 {
        let half = |h: &RandomState| {
            let mut s = h.build_hasher();
            s.write_u8(tag);
            s.write(key);
            s.finish()
        };
        u128::from(half(&self.hashers.0)) << 64 | u128::from(half(&self.hashers.1))
    }
}

impl LineCommand for Dedupe<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let args = self.args;
        let (text, readable) = args.read.read(line.bytes);
        let parsed = readable.and_then(|()| IriRef::parse_bytes(&text, args.read.grammar));
        let options = match args.by {
            By::Iri => &self.options,
            _ => &self.by_options,
        };
        let keyed = parsed
            .as_ref()
            .map(|iri| key(iri, options).map(|k| k.and_then(|k| by_key(args.by, iri, k))));
        let verdict: Result<&str, &'static str> = match &keyed {
            Ok(Ok(Some(k))) => Ok(k),
            Ok(Ok(None)) => Err("no_key"),
            Ok(Err(_)) => Err("relative_reference"),
            Err(e) => Err(e.kind().name()),
        };
        let common = &args.common;
        if (common.valid && verdict.is_err()) || (common.invalid && verdict.is_ok()) {
            return verdict.map(|_| ());
        }
        // Lines without a key are kept once per exact text (5.3.1, the one comparison left).
        let fingerprint = match verdict {
            Ok(k) => self.fingerprint(1, k.as_bytes()),
            Err(_) => self.fingerprint(0, line.bytes),
        };
        let start = out.len();
        out.extend_from_slice(&fingerprint.to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        if args.count {
            // "k" and the key itself, or "-" and the line for a line without one.
            match verdict {
                Ok(k) => {
                    out.push(b'k');
                    out.extend_from_slice(k.as_bytes());
                }
                Err(_) => {
                    out.push(b'-');
                    out.extend_from_slice(line.bytes);
                }
            }
        } else if style == Style::Silent && (common.quiet || !common.invalid) {
        } else if style == Style::Json {
            crate::output::write_json_head(out, line, &text);
            match (&verdict, &parsed) {
                (Ok(k), _) => {
                    out.extend_from_slice(b",\"ok\":true,\"key\":");
                    json_str(out, k);
                }
                (Err(_), Err(e)) => {
                    out.extend_from_slice(b",\"ok\":false,");
                    write_error_json(out, e);
                }
                (Err(kind), Ok(_)) => {
                    let message = match &keyed {
                        Ok(Err(e)) => e.to_string(),
                        _ => format!("no comparison key at the {} level: IDNA cannot convert the host (3987bis 3.4)", args.level),
                    };
                    let _ = write!(
                        out,
                        ",\"ok\":false,\"error\":{{\"kind\":\"{kind}\",\"offset\":0,\"message\":"
                    );
                    json_str(out, &message);
                    out.push(b'}');
                }
            }
            out.extend_from_slice(b"}\n");
        } else {
            out.extend_from_slice(line.bytes);
            out.push(b'\n');
        }
        let len = (out.len() - start - HEAD) as u64;
        out[start + 16..start + HEAD].copy_from_slice(&len.to_le_bytes());
        verdict.map(|_| ())
    }

    fn filters(&self) -> bool {
        true
    }

    fn finish(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        if self.args.count {
            self.write_counts(style, out)?;
        }
        Ok(())
    }

    fn write_chunk(&self, mut chunk: &[u8], _: u64, out: &mut dyn Write) -> io::Result<u64> {
        if self.args.count {
            let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
            let mut new = 0;
            while chunk.len() >= HEAD {
                let (head, rest) = chunk.split_at(HEAD);
                let fingerprint = u128::from_le_bytes(head[..16].try_into().expect("16 bytes"));
                let len = u64::from_le_bytes(head[16..].try_into().expect("8 bytes"));
                let (key, rest) = rest.split_at(usize::try_from(len).expect("a record in memory"));
                let Counts { at, keys } = &mut *counts;
                match at.get(&fingerprint) {
                    Some(&i) => keys[i].1 += 1,
                    None => {
                        at.insert(fingerprint, keys.len());
                        keys.push((key.to_vec(), 1));
                        new += 1;
                    }
                }
                chunk = rest;
            }
            return Ok(new);
        }
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let mut written = 0;
        while chunk.len() >= HEAD {
            let (head, rest) = chunk.split_at(HEAD);
            let fingerprint = u128::from_le_bytes(head[..16].try_into().expect("16 bytes"));
            let len = u64::from_le_bytes(head[16..].try_into().expect("8 bytes"));
            let len = usize::try_from(len).expect("a record in memory");
            let (record, rest) = rest.split_at(len);
            if seen.insert(fingerprint) {
                out.write_all(record)?;
                written += 1;
            }
            chunk = rest;
        }
        Ok(written)
    }
}

impl Dedupe<'_> {
    /// `--count`'s lines.
    fn write_counts(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if self.args.common.quiet {
            return Ok(());
        }
        for (record, n) in &counts.keys {
            let (keyed, text) = (record[0] == b'k', &record[1..]);
            if style == Style::Json {
                let mut line = if keyed {
                    b"{\"key\":".to_vec()
                } else {
                    b"{\"input\":".to_vec()
                };
                json_str(&mut line, &String::from_utf8_lossy(text));
                writeln!(&mut line, ",\"ok\":{keyed},\"count\":{n}}}")?;
                out.write_all(&line)?;
            } else {
                out.write_all(text)?;
                writeln!(out, "\t{n}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_of_four_gibibytes_and_more() {
        let args = <Args as clap::FromArgMatches>::from_arg_matches(
            &<Args as clap::Args>::augment_args(clap::Command::new("dedupe"))
                .get_matches_from(["dedupe"]),
        )
        .unwrap();
        let command = Dedupe {
            args: &args,
            options: CompareOptions::new(Level::Syntax),
            by_options: CompareOptions::new(Level::Scheme),
            hashers: (RandomState::new(), RandomState::new()),
            seen: Mutex::new(HashSet::default()),
            counts: Mutex::new(Counts::default()),
        };
        // Zeroed memory that is never touched costs no pages: the record is read as lengths
        // and slices only, and written to a sink.
        let len = (1usize << 32) + 3;
        let mut chunk = vec![0u8; 2 * (HEAD + len)];
        for (i, fingerprint) in [7u128, 7].into_iter().enumerate() {
            let at = i * (HEAD + len);
            chunk[at..at + 16].copy_from_slice(&fingerprint.to_le_bytes());
            chunk[at + 16..at + HEAD].copy_from_slice(&(len as u64).to_le_bytes());
        }
        let written = command.write_chunk(&chunk, 0, &mut io::sink()).unwrap();
        assert_eq!(written, 1, "the second record is a duplicate of the first");
    }
}
