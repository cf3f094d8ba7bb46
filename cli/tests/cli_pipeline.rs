//! The command in pipelines: consumers that go away, outputs that fail, long lines, files that
//! change while read, the terminal, and the flags' one meaning on every command.

mod run;

use run::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("iriscan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `n` distinct IRIs, one a line (about 20 bytes each).
fn distinct_lines(n: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(n * 20);
    for i in 0..n {
        writeln!(v, "http://a/{i}").unwrap();
    }
    v
}

/// Waits for `child` to end, at most `limit`; kills it and fails when it is still alive.
fn wait_or_fail(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn spawn(args: &[&str], stdin: Stdio, stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_iriscan"))
        .args(args)
        .current_dir(ROOT)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Reads one line of the child's output, closes the pipe, and checks that it ends at once,
/// quietly, with status 0 (as ripgrep; documented in the README).
fn consumer_closes_after_one_line(mut child: Child, what: &str) {
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "{what}: one line of output");
    drop(out);
    let status = wait_or_fail(&mut child, Duration::from_secs(20), what);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!((status.code(), err.as_str()), (Some(0), ""), "{what}");
}

#[test]
fn a_consumer_that_closes_after_one_line_ends_the_run_from_a_pipe() {
    let input = distinct_lines(600_000); // about 9 MB
    for args in [
        &["check"][..],
        &["check", "--json"],
        &["check", "--valid"],
        &["to-uri"],
        &["normalize"],
        &["dedupe"],
    ] {
        let mut child = spawn(args, Stdio::piped(), Stdio::piped());
        let mut stdin = child.stdin.take().unwrap();
        let data = input.clone();
        // The writer sees a broken pipe once iriscan has gone: that is expected.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&data);
        });
        consumer_closes_after_one_line(child, &format!("{args:?} from a pipe"));
        writer.join().unwrap();
    }
}

#[test]
fn a_consumer_that_closes_after_one_line_ends_the_run_from_files() {
    let dir = scratch("close-files");
    let path = dir.join("big.txt");
    std::fs::write(&path, distinct_lines(600_000)).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        &["check", path, path][..],
        &["dedupe", path],
        &["to-uri", "--json", path],
    ] {
        let child = spawn(args, Stdio::null(), Stdio::piped());
        consumer_closes_after_one_line(child, &format!("{args:?}"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_is_one_error_naming_the_output() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let dir = scratch("full");
    let path = dir.join("big.txt");
    std::fs::write(&path, distinct_lines(400_000)).unwrap();
    let path = path.to_str().unwrap();
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    // Two files: the run stops at the first failed write, it does not go on to the next file.
    let mut child = spawn(&["check", path, path], Stdio::null(), Stdio::from(full()));
    let status = wait_or_fail(&mut child, Duration::from_secs(20), "check > /dev/full");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one message: {err}");
    assert!(err.contains("standard output"), "{err}");
    assert!(
        !err.contains("big.txt"),
        "the output is at fault, not the input: {err}"
    );
    // The same through a pipe.
    let mut child = spawn(
        &["normalize", "--json"],
        Stdio::piped(),
        Stdio::from(full()),
    );
    let mut stdin = child.stdin.take().unwrap();
    let data = distinct_lines(400_000);
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let status = wait_or_fail(&mut child, Duration::from_secs(20), "normalize > /dev/full");
    writer.join().unwrap();
    assert_eq!(status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_standard_output_is_an_error() {
    let dir = scratch("closed");
    let path = dir.join("in.txt");
    std::fs::write(&path, "http://a/\n").unwrap();
    // `iriscan check FILE >&-`, through the shell, which closes descriptor 1.
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' check '{}' >&-",
            env!("CARGO_BIN_EXE_iriscan"),
            path.display()
        ))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("standard output"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_standard_input_is_an_error() {
    // `iriscan check <&-`, as grep: not read as an empty input.
    for command in ["check", "extract", "lint"] {
        let o = shell(&format!("\"$I\" {command} <&-"));
        assert_eq!(o.status.code(), Some(2), "{command}");
        assert!(stderr(&o).contains("standard input"), "{}", stderr(&o));
    }
    // Standard input named among files, too.
    let o = shell("\"$I\" check - <&-");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
#[cfg(target_os = "linux")]
fn a_line_that_memory_cannot_hold_is_an_error_not_an_abort() {
    // An endless line, under a limit of 600 MB of address space: status 2 and a message that
    // says why, not the allocator's abort; the lines before it are answered.
    let o = shell("ulimit -v 600000 && { echo http://a/; cat /dev/zero; } | \"$I\" check");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("does not fit in memory"),
        "{}",
        stderr(&o)
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "1\tok\n");
}

/// Runs `sh -c SCRIPT`, where `$I` is the iriscan binary, and returns its output.
fn shell(script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("I", env!("CARGO_BIN_EXE_iriscan"))
        .current_dir(ROOT)
        .output()
        .unwrap()
}

#[test]
fn standard_output_on_dev_null_for_reading_and_writing_is_written() {
    let dir = scratch("rdwr-null");
    let path = dir.join("in.txt");
    std::fs::write(&path, "http://a/\n").unwrap();
    // What Python's `subprocess.DEVNULL` and Node's "ignore" pass: "/dev/null" opened to read
    // and write, as the shell's `1<>`.
    let o = shell(&format!("\"$I\" check '{}' 1<>/dev/null", path.display()));
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let mut child = spawn(
        &["check", path.to_str().unwrap()],
        Stdio::null(),
        null.into(),
    );
    let status = wait_or_fail(&mut child, Duration::from_secs(20), "check 1<>/dev/null");
    assert_eq!(status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_standard_error_that_cannot_be_written_is_status_two_not_a_panic() {
    let dir = scratch("full-stderr");
    let path = dir.join("in.txt");
    std::fs::write(&path, "http://a/\n").unwrap();
    let missing = dir.join("missing.txt");
    for script in [
        // The message naming an unreadable file.
        format!("\"$I\" check '{}' 2>/dev/full", missing.display()),
        // The summary that was asked for.
        format!("\"$I\" check --stats '{}' 2>/dev/full", path.display()),
        // The message naming standard output.
        format!("\"$I\" check '{}' >/dev/full 2>/dev/full", path.display()),
        // Usage errors.
        "\"$I\" check --grammar nonsense 2>/dev/full".to_string(),
        "\"$I\" resolve --base a 2>/dev/full </dev/null".to_string(),
        // Help and version, on standard output.
        "\"$I\" --help >/dev/full".to_string(),
        "\"$I\" check --help >/dev/full".to_string(),
        "\"$I\" --version >/dev/full".to_string(),
    ] {
        let o = shell(&script);
        assert_eq!(o.status.code(), Some(2), "{script}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifty_megabyte_line_from_a_pipe_is_read_as_from_a_file() {
    let mut line = b"http://a/".to_vec();
    line.resize(50 << 20, b'b');
    line.extend_from_slice(b"\nhttp://next/ x\n");
    let dir = scratch("long-line");
    let path = dir.join("long.txt");
    std::fs::write(&path, &line).unwrap();
    let from_file = iriscan(&["check", path.to_str().unwrap()], b"");
    let from_pipe = iriscan(&["check"], &line);
    assert_eq!(stdout(&from_pipe), "1\tok\n2\terror: ' ' (U+0020) at byte 12 in the path: not allowed in ipath (3987bis 2.2)\n");
    assert_eq!(from_file.stdout, from_pipe.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_truncated_while_it_is_read_is_no_crash() {
    let dir = scratch("truncated");
    let path = dir.join("rotating.log");
    std::fs::write(&path, distinct_lines(6_000_000)).unwrap(); // about 90 MB
                                                               // iriscan blocks on its full output pipe while nobody reads; the file is truncated then.
    let mut child = spawn(
        &["check", path.to_str().unwrap()],
        Stdio::null(),
        Stdio::piped(),
    );
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first, "1\tok\n");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(0)
        .unwrap();
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut out, &mut rest).unwrap();
    let status = wait_or_fail(&mut child, Duration::from_secs(60), "a truncated file");
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
    assert_eq!(status.code(), Some(0));
    // Every line written is whole, numbered in order from 1.
    let text = String::from_utf8(rest).unwrap();
    for (i, l) in text.lines().enumerate() {
        assert_eq!(l, format!("{}\tok", i + 2));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn offsets_and_kinds_of_errors() {
    // The side that is relative: the second, which starts after the tab.
    let o = iriscan(&["compare", "--json"], b"http://a/\tb\n");
    let v = json_lines(&o);
    assert_eq!(v[0]["error"]["kind"], "relative_reference");
    assert_eq!(v[0]["error"]["offset"], 10);
    let o = iriscan(&["compare", "--json"], b"b\thttp://a/\n");
    assert_eq!(json_lines(&o)[0]["error"]["offset"], 0);
    // A line that is not UTF-8 is not mapped by leiri or href: its error is the bad byte.
    for mode in ["leiri", "href"] {
        let o = iriscan(&["check", "--mode", mode, "--json"], b"http://b/ \xff\n");
        let v = json_lines(&o);
        assert_eq!(v[0]["error"]["kind"], "invalid_utf8", "{mode}");
        assert_eq!(v[0]["error"]["offset"], 10, "{mode}");
        assert_eq!(
            v[0]["error"]["message"],
            "byte 0xFF at byte 10 in the path: not well-formed UTF-8 (RFC 3629 4)"
        );
    }
    // A relative reference where the grammar needs a scheme: the scheme is missing.
    let o = iriscan(
        &["check", "--grammar", "iri", "--json"],
        b"/relative/link\n\n1a:b\n",
    );
    let v = json_lines(&o);
    assert_eq!(v[0]["error"]["kind"], "missing_scheme");
    assert_eq!(v[0]["error"]["offset"], 0);
    assert_eq!(v[1]["error"]["kind"], "missing_scheme");
    assert_eq!(v[2]["error"]["kind"], "invalid_scheme");
}

/// Runs `command` (IRISCAN for the binary) under a pseudo-terminal (`script`), standard output
/// and error on it; `None`
/// when `script` is not installed.
fn under_a_terminal(command: &str) -> Option<String> {
    let bin = env!("CARGO_BIN_EXE_iriscan");
    let o = Command::new("script")
        .args(["-qefc", &command.replace("IRISCAN", bin), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn no_progress_bar_when_the_results_go_to_the_terminal_or_with_quiet() {
    let Some(screen) =
        under_a_terminal("(echo http://a/; sleep 1.5; echo http://b/) | IRISCAN check")
    else {
        eprintln!("skipped: no `script` command for a pseudo-terminal");
        return;
    };
    assert!(screen.starts_with("1\tok\r\n2\tok\r\n"), "{screen:?}");
    assert!(!screen.contains(" read"), "a progress bar: {screen:?}");
    // The run took over a second on a terminal: the summary ends it.
    assert!(screen.contains("iriscan: lines: 2, ok: 2"), "{screen:?}");
    let dir = scratch("pty");
    let out = dir.join("out.txt");
    let screen = under_a_terminal(&format!(
        "(echo http://a/; sleep 1.5; echo http://b/) | IRISCAN check --quiet > '{}'",
        out.display()
    ))
    .unwrap();
    assert_eq!(screen, "", "nothing with --quiet");
    // Results to a file, a pipe that is slow: the bar shows, and is cleared before the summary.
    let screen = under_a_terminal(&format!(
        "(echo http://a/; sleep 1.5; echo http://b/) | IRISCAN check --stats > '{}'",
        out.display()
    ))
    .unwrap();
    assert!(screen.contains(" read, "), "a progress bar: {screen:?}");
    let after_clear = screen.rsplit("\u{1b}[2K").next().unwrap();
    assert!(
        after_clear.starts_with("iriscan: lines: 2, ok: 2"),
        "{screen:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every command, with what one ok line and one failing line give.
const COMMANDS: [(&[&str], &str, &str); 12] = [
    (&["check"], "http://a/b\n", "http://a/b x\n"),
    (&["parse"], "http://a/b\n", "http://a/b x\n"),
    (&["to-uri"], "http://a/é\n", "http://a/b x\n"),
    (&["to-iri"], "http://a/%C3%A9\n", "http://a/b x\n"),
    (&["normalize"], "HTTP://a/b\n", "http://a/b x\n"),
    (&["compare"], "http://a/\thttp://A/\n", "http://a/\n"),
    (&["dedupe"], "http://a/b\n", "http://a/b x\n"),
    (&["resolve", "--base", "http://a/"], "b\n", "b x\n"),
    (
        &["relativize", "--base", "http://a/"],
        "http://a/b\n",
        "http://a/./b\n",
    ),
    // A line with a warning is not ok for lint.
    (&["lint"], "http://a/é\n", "http://pаypal.com/\n"),
    (&["display"], "http://a/%C3%A9\n", "http://a/b x\n"),
    // A line is ok for extract when it holds an IRI.
    (&["extract"], "see http://a/b.\n", "no IRI: here\n"),
];

#[test]
fn flag_dash_is_standard_input() {
    for (args, ok, _) in COMMANDS {
        let from_stdin = iriscan(args, ok.as_bytes());
        let dash = iriscan(&[args, &["-"]].concat(), ok.as_bytes());
        assert_eq!(stdout(&dash), stdout(&from_stdin), "{args:?}");
        assert_eq!(dash.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn flag_quiet_writes_nothing_and_the_status_tells() {
    for (args, ok, bad) in COMMANDS {
        let o = iriscan(&[args, &["--quiet"]].concat(), ok.as_bytes());
        assert_eq!(
            (stdout(&o).as_str(), stderr(&o).as_str(), o.status.code()),
            ("", "", Some(0)),
            "{args:?}"
        );
        let o = iriscan(&[args, &["-q"]].concat(), bad.as_bytes());
        assert_eq!(stdout(&o), "", "{args:?}");
        let expected = if args[0] == "dedupe" { 0 } else { 1 };
        assert_eq!(
            o.status.code(),
            Some(expected),
            "{args:?}: dedupe is a filter that kept a line"
        );
        // With a filter, the status tells whether it would have written a line (as grep -q).
        for (filter, input, status) in [
            ("--valid", ok, 0),
            ("--valid", bad, 1),
            ("--invalid", bad, 0),
            ("--invalid", ok, 1),
        ] {
            let o = iriscan(&[args, &["-q", filter]].concat(), input.as_bytes());
            assert_eq!(
                (stdout(&o).as_str(), stderr(&o).as_str(), o.status.code()),
                ("", "", Some(status)),
                "{args:?} -q {filter} on {input:?}"
            );
        }
    }
}

#[test]
fn flag_stats_and_no_summary_unasked() {
    for (args, ok, bad) in COMMANDS {
        let input = format!("{ok}{bad}");
        let o = iriscan(args, input.as_bytes());
        assert_eq!(stderr(&o), "", "{args:?}: no summary in a pipeline unasked");
        let o = iriscan(&[args, &["--stats"]].concat(), input.as_bytes());
        assert!(
            stderr(&o).starts_with("iriscan: lines: 2, ok: 1, not ok: 1 ("),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn flags_valid_and_invalid_on_every_command() {
    let results = [
        "http://a/b\n",
        "http://a/b\n",
        "http://a/%C3%A9\n",
        "http://a/é\n",
        "http://a/b\n",
        "equivalent\n",
        "http://a/b\n",
        "http://a/b\n",
        "b\n",
        "http://a/é\n",
        "http://a/é\n",
        "http://a/b\n",
    ];
    for ((args, ok, bad), result) in COMMANDS.into_iter().zip(results) {
        let input = format!("{bad}{ok}{bad}");
        let o = iriscan(&[args, &["--valid"]].concat(), input.as_bytes());
        assert_eq!(
            (stdout(&o).as_str(), o.status.code()),
            (result, Some(0)),
            "{args:?} --valid"
        );
        let o = iriscan(&[args, &["--valid"]].concat(), bad.as_bytes());
        assert_eq!(
            (stdout(&o).as_str(), o.status.code()),
            ("", Some(1)),
            "{args:?} --valid, nothing written"
        );
        let o = iriscan(&[args, &["--invalid"]].concat(), input.as_bytes());
        // dedupe keeps each failing line once per exact text.
        let expected = if args[0] == "dedupe" {
            bad.to_string()
        } else {
            format!("{bad}{bad}")
        };
        assert_eq!(
            (stdout(&o), o.status.code()),
            (expected, Some(0)),
            "{args:?} --invalid"
        );
        let o = iriscan(&[args, &["--invalid"]].concat(), ok.as_bytes());
        assert_eq!(
            (stdout(&o).as_str(), o.status.code()),
            ("", Some(1)),
            "{args:?} --invalid, nothing written"
        );
    }
}

#[test]
fn exit_status_of_a_command_that_is_no_filter() {
    for (args, ok, bad) in COMMANDS {
        if args[0] == "dedupe" {
            continue;
        }
        assert_eq!(
            iriscan(args, ok.as_bytes()).status.code(),
            Some(0),
            "{args:?}"
        );
        let input = format!("{ok}{bad}");
        // extract exits as grep: 0 when some line held an IRI.
        let expected = if args[0] == "extract" { 0 } else { 1 };
        assert_eq!(
            iriscan(args, input.as_bytes()).status.code(),
            Some(expected),
            "{args:?}"
        );
        if args[0] == "extract" {
            assert_eq!(iriscan(args, bad.as_bytes()).status.code(), Some(1));
        }
    }
    // dedupe is a filter: 0 when it wrote a line, 1 when it wrote none.
    assert_eq!(
        iriscan(&["dedupe"], b"http://a/ x\n").status.code(),
        Some(0)
    );
    assert_eq!(iriscan(&["dedupe"], b"").status.code(), Some(1));
}

#[test]
fn dedupe_resolves_against_a_base() {
    let o = iriscan(
        &["dedupe", "--base", "http://a/b/"],
        b"c\nhttp://a/b/c\n../b/c\nd\n",
    );
    assert_eq!(stdout(&o), "c\nd\n");
    let o = iriscan(&["dedupe", "--json", "--base", "http://a/b/"], b"c\n");
    assert_eq!(json_lines(&o)[0]["key"], "http://a/b/c");
    let o = iriscan(&["dedupe", "--base", "../relative"], b"c\n");
    assert_eq!(o.status.code(), Some(2));
}
