//! `iriscan dedupe`: each line whose comparison key at a level was not seen before, streaming.
//!
//! The keys are computed in parallel with the rest of the engine's work; each line's record
//! (its key's 128-bit fingerprint and what to print) goes through `write_chunk`, which runs in
//! input order and keeps the set of fingerprints seen. Memory grows with the number of distinct
//! keys only: 16 bytes each in a hash set (about 18 to 37 bytes with the table's slack).

use crate::engine::{self, Line, LineCommand, Report};
use crate::output::{json_str, write_error_json, write_json_position};
use iriscan::compare::{key, CompareOptions};
use iriscan::normalize::Level;
use iriscan::IriRef;
use std::collections::hash_map::RandomState;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Mutex;

/// Print each line whose comparison key at --level was not seen on an earlier line, as it is:
/// the first of each set of equivalent IRIs (3987bis 5.3), in input order, streaming.
///
/// Two lines are duplicates exactly when `iriscan compare` at the same level says equivalent.
/// A line that is not an IRI reference is kept (once per exact text) and counted as not ok;
/// so is one whose key cannot be made (IDNA fails on its host at the scheme level).
///
/// Examples:
///   iriscan dedupe crawl-frontier.txt > unique.txt
///   iriscan dedupe --level scheme --valid < links.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The rung of the ladder.
    #[arg(long, default_value = "syntax", value_parser = crate::normalize::level_parser())]
    level: Level,
    /// Leave fragments out of the key (5.1: for a network action such as fetching).
    #[arg(long)]
    exclude_fragment: bool,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    /// One JSON object per line kept: {"line", "input", "ok", "key"} or, when not ok, {"line",
    /// "input", "ok", "error": {"kind", "offset", "message"}}.
    #[arg(long, conflicts_with = "valid")]
    json: bool,
    /// Keep only lines that are IRI references with a key.
    #[arg(long)]
    valid: bool,
    /// Print nothing per line and no summary: the exit status tells.
    #[arg(long, short, conflicts_with_all = ["json", "valid"])]
    quiet: bool,
    /// Files to read; standard input when none.
    files: Vec<PathBuf>,
}

pub fn run(args: &Args) -> u8 {
    let options = CompareOptions::new(args.level).exclude_fragment(args.exclude_fragment);
    let command = Dedupe {
        args,
        options,
        hashers: (RandomState::new(), RandomState::new()),
        seen: Mutex::new(HashSet::default()),
    };
    engine::run(&args.files, &command, &Report { quiet: args.quiet })
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
    /// Two independently keyed SipHash instances: a 128-bit fingerprint, so that two distinct
    /// keys collide with probability about n² / 2^129 (for a billion keys, below 10^-20).
    hashers: (RandomState, RandomState),
    seen: Mutex<HashSet<u128, BuildHasherDefault<Fingerprint>>>,
}

/// A record of `line` for `write_chunk`: the fingerprint, the length of what to print, and it.
const HEAD: usize = 16 + 4;

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
    fn line(&self, line: Line<'_>, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let args = self.args;
        let text = args.read.apply(line.bytes);
        let parsed = IriRef::parse_bytes(&text, args.read.grammar);
        let keyed = parsed.as_ref().map(|iri| key(iri, &self.options));
        let verdict: Result<&str, &'static str> = match &keyed {
            Ok(Ok(Some(k))) => Ok(k),
            Ok(Ok(None)) => Err("no_key"),
            Ok(Err(_)) => Err("relative_reference"),
            Err(e) => Err(e.kind().name()),
        };
        // Lines without a key are kept once per exact text (5.3.1, the one comparison left).
        let fingerprint = match verdict {
            Ok(k) => self.fingerprint(1, k.as_bytes()),
            Err(_) => self.fingerprint(0, line.bytes),
        };
        let start = out.len();
        out.extend_from_slice(&fingerprint.to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        if args.quiet || (args.valid && verdict.is_err()) {
        } else if args.json {
            out.push(b'{');
            write_json_position(out, line);
            json_str(out, &String::from_utf8_lossy(line.bytes));
            crate::mode::write_json(out, line.bytes, &text);
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
        let len = (out.len() - start - HEAD) as u32;
        out[start + 16..start + HEAD].copy_from_slice(&len.to_le_bytes());
        verdict.map(|_| ())
    }

    fn needs_line_numbers(&self) -> bool {
        self.args.json
    }

    fn write_chunk(&self, mut chunk: &[u8], out: &mut dyn Write) -> io::Result<()> {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        while chunk.len() >= HEAD {
            let (head, rest) = chunk.split_at(HEAD);
            let fingerprint = u128::from_le_bytes(head[..16].try_into().expect("16 bytes"));
            let len = u32::from_le_bytes(head[16..].try_into().expect("4 bytes")) as usize;
            let (record, rest) = rest.split_at(len);
            if seen.insert(fingerprint) {
                out.write_all(record)?;
            }
            chunk = rest;
        }
        Ok(())
    }
}
