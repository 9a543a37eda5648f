package lit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Tool is an in-process command usable in RUN lines. It returns the exit
// status. stdin is never nil.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Runner runs lit tests in-process.
type Runner struct {
	// Tools maps command names to implementations. An entry overrides the
	// builtins (FileCheck, echo, cat, ...) except "not".
	Tools map[string]Tool
	// TempDir is the root for %t/%T paths. Empty means a fresh directory
	// under os.TempDir, created on first use.
	TempDir string
	// AllowExternal permits commands that are neither Tools nor builtins to
	// be run as external programs found on $PATH.
	AllowExternal bool
	// Features is the feature set that REQUIRES/UNSUPPORTED/XFAIL
	// expressions are evaluated against.
	Features map[string]bool
	// Substitutions are extra %-substitutions applied to RUN lines, e.g.
	// {"%mlir_opt": "goopt-opt"}. Keys must start with '%'.
	Substitutions map[string]string
	// CrossCheck runs every FileCheck stage a second time with the external
	// FileCheck (FileCheckPath) on the same arguments and stdin, and fails
	// the test when the two verdicts (zero/non-zero exit) differ.
	CrossCheck bool
	// FileCheckPath is the external FileCheck used by CrossCheck. Empty means
	// exec.LookPath("FileCheck-19"), then /usr/bin/FileCheck-19.
	FileCheckPath string

	tempOnce sync.Once
	tempErr  error
	tempRoot string
}

// Status is the outcome of one test.
type Status int

const (
	// Pass: every RUN line succeeded.
	Pass Status = iota
	// Fail: a RUN line failed, the test is malformed, or a cross-check
	// disagreed.
	Fail
	// Unsupported: skipped because of UNSUPPORTED or unmet REQUIRES.
	Unsupported
	// XFail: marked XFAIL and failed as expected.
	XFail
	// XPass: marked XFAIL but passed; this counts as a failure.
	XPass
)

// statusNames are the statuses as lit prints them.
var statusNames = [...]string{Pass: "PASS", Fail: "FAIL", Unsupported: "UNSUPPORTED", XFail: "XFAIL", XPass: "XPASS"}

func (s Status) String() string {
	if int(s) >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Failed reports whether s should fail a test run.
func (s Status) Failed() bool { return s == Fail || s == XPass }

// Stage records one command of a pipeline.
type Stage struct {
	Args     []string
	ExitCode int
	// Stderr is what the command wrote to its stderr (unless redirected).
	Stderr string
	// CrossCheck describes the external FileCheck run, if any.
	CrossCheck string
}

// Command records one RUN line (after joining continuations).
type Command struct {
	Line     int    // 1-based line of the first RUN: line
	Source   string // the text after RUN:, before substitution
	Text     string // after substitution
	Stages   []Stage
	ExitCode int
	// Stdout and Stderr are the unredirected output of the whole command.
	Stdout, Stderr string
	// Err is a problem running the command itself (syntax error, unknown
	// tool, cross-check mismatch); it fails the test regardless of 'not'.
	Err error
}

// Result is the outcome of RunFile.
type Result struct {
	Path     string
	Status   Status
	Reason   string // why the test failed, was skipped or xfailed
	Commands []Command
}

// Report renders r as a human-readable report, in the spirit of lit's
// failure output.
func (r Result) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", r.Status, r.Path)
	if r.Reason != "" {
		fmt.Fprintf(&b, " (%s)", r.Reason)
	}
	b.WriteString("\n")
	for _, c := range r.Commands {
		fmt.Fprintf(&b, "RUN: at line %d: %s\n", c.Line, c.Text)
		for _, s := range c.Stages {
			fmt.Fprintf(&b, "  $ %s\n", quoteArgs(s.Args))
			if s.ExitCode != 0 {
				fmt.Fprintf(&b, "  # exit status %d\n", s.ExitCode)
			}
			if s.Stderr != "" {
				fmt.Fprintf(&b, "  # stderr:\n%s", indent(s.Stderr))
			}
			if s.CrossCheck != "" {
				fmt.Fprintf(&b, "  # cross-check: %s\n", strings.TrimRight(s.CrossCheck, "\n"))
			}
		}
		if c.Stdout != "" {
			fmt.Fprintf(&b, "  # stdout:\n%s", indent(c.Stdout))
		}
		if c.Err != nil {
			fmt.Fprintf(&b, "  # error: %v\n", c.Err)
		}
		fmt.Fprintf(&b, "  # command exit status %d\n", c.ExitCode)
	}
	return b.String()
}

func indent(s string) string {
	lines := strings.SplitAfter(strings.TrimRight(s, "\n"), "\n")
	return "  | " + strings.Join(lines, "  | ") + "\n"
}

// Directives of a test file.
type testFile struct {
	runs        []runLine
	requires    []string // each a boolean feature expression
	unsupported []string
	xfail       []string
}

type runLine struct {
	line int
	text string
}

var (
	errNoRunLines = errors.New("no RUN lines")
)

// parseTestFile extracts RUN/REQUIRES/UNSUPPORTED/XFAIL directives.
func parseTestFile(text string) (*testFile, error) {
	tf := &testFile{}
	lines := strings.Split(text, "\n")
	continuing := false
	for i, ln := range lines {
		kw, rest, ok := directive(ln)
		if !ok {
			if continuing {
				return nil, fmt.Errorf("line %d: RUN line continuation ('\\') is not followed by a RUN line", i)
			}
			continue
		}
		rest = strings.TrimRight(rest, " \t\r")
		if continuing && kw != "RUN" {
			return nil, fmt.Errorf("line %d: RUN line continuation ('\\') is not followed by a RUN line", i)
		}
		switch kw {
		case "RUN":
			cont := strings.HasSuffix(rest, "\\")
			if cont {
				rest = rest[:len(rest)-1]
			}
			if continuing {
				tf.runs[len(tf.runs)-1].text += rest
			} else {
				tf.runs = append(tf.runs, runLine{line: i + 1, text: rest})
			}
			continuing = cont
		case "REQUIRES":
			tf.requires = append(tf.requires, splitList(rest)...)
		case "UNSUPPORTED":
			tf.unsupported = append(tf.unsupported, splitList(rest)...)
		case "XFAIL":
			tf.xfail = append(tf.xfail, splitList(rest)...)
		}
	}
	if continuing {
		return nil, fmt.Errorf("RUN line ends with a continuation ('\\') at end of file")
	}
	for i := range tf.runs {
		tf.runs[i].text = strings.TrimSpace(tf.runs[i].text)
	}
	return tf, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// directive recognises "<comment> KEYWORD: rest" where the comment marker is
// made of '/', '#', ';' and whitespace (e.g. "// RUN:", "# RUN:", "; RUN:").
func directive(line string) (kw, rest string, ok bool) {
	for _, k := range []string{"RUN", "REQUIRES", "UNSUPPORTED", "XFAIL"} {
		i := strings.Index(line, k+":")
		if i < 0 {
			continue
		}
		lead := strings.TrimLeft(line[:i], " \t/#;")
		if lead != "" || i == 0 {
			continue
		}
		return k, line[i+len(k)+1:], true
	}
	return "", "", false
}

// Discover returns the *.mlir files under root (sorted) that contain at least
// one RUN line. Directories named "Inputs" and hidden directories are
// skipped, as lit does for auxiliary files.
func Discover(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "Inputs" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".mlir") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
		for sc.Scan() {
			if kw, _, ok := directive(sc.Text()); ok && kw == "RUN" {
				out = append(out, path)
				break
			}
		}
		return sc.Err()
	})
	sort.Strings(out)
	return out, err
}

// RunFile runs the test at path.
func (r *Runner) RunFile(path string) Result {
	res := Result{Path: path}
	fail := func(format string, args ...any) Result {
		res.Status, res.Reason = Fail, fmt.Sprintf(format, args...)
		return res
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fail("%v", err)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return fail("%v", err)
	}
	tf, err := parseTestFile(string(data))
	if err != nil {
		return fail("%v", err)
	}
	if len(tf.runs) == 0 {
		return fail("%v", errNoRunLines)
	}
	for _, e := range tf.unsupported {
		v, err := r.evalFeatures(e, true)
		if err != nil {
			return fail("UNSUPPORTED: %v", err)
		}
		if v {
			res.Status, res.Reason = Unsupported, "UNSUPPORTED: "+e
			return res
		}
	}
	var missing []string
	for _, e := range tf.requires {
		v, err := r.evalFeatures(e, false)
		if err != nil {
			return fail("REQUIRES: %v", err)
		}
		if !v {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		res.Status, res.Reason = Unsupported, "missing required features: "+strings.Join(missing, ", ")
		return res
	}
	xfail := false
	for _, e := range tf.xfail {
		v, err := r.evalFeatures(e, true)
		if err != nil {
			return fail("XFAIL: %v", err)
		}
		xfail = xfail || v
	}

	tmpDir, err := r.testTempDir(abs)
	if err != nil {
		return fail("creating temp dir: %v", err)
	}
	subst := r.substitutions(abs, tmpDir)
	failed := false
	for _, rl := range tf.runs {
		cmd := Command{Line: rl.line, Source: rl.text}
		cmd.Text = applySubstitutions(rl.text, subst)
		r.runCommand(&cmd, abs, tmpDir)
		res.Commands = append(res.Commands, cmd)
		if cmd.Err != nil || cmd.ExitCode != 0 {
			failed = true
			if cmd.Err != nil {
				res.Reason = fmt.Sprintf("RUN at line %d: %v", rl.line, cmd.Err)
			} else {
				res.Reason = fmt.Sprintf("RUN at line %d: exit status %d", rl.line, cmd.ExitCode)
			}
			break
		}
	}
	switch {
	case xfail && failed:
		res.Status = XFail
	case xfail:
		res.Status, res.Reason = XPass, "test is marked XFAIL but passed"
	case failed:
		res.Status = Fail
	default:
		res.Status = Pass
	}
	return res
}

// testTempDir returns (and creates) the per-test directory holding %t.
func (r *Runner) testTempDir(absPath string) (string, error) {
	r.tempOnce.Do(func() {
		if r.TempDir != "" {
			r.tempRoot, r.tempErr = r.TempDir, os.MkdirAll(r.TempDir, 0o755)
			return
		}
		r.tempRoot, r.tempErr = os.MkdirTemp("", "goopt-lit-")
	})
	if r.tempErr != nil {
		return "", r.tempErr
	}
	sum := sha256.Sum256([]byte(absPath))
	dir := filepath.Join(r.tempRoot, strings.TrimSuffix(filepath.Base(absPath), filepath.Ext(absPath))+"-"+hex.EncodeToString(sum[:6]))
	return dir, os.MkdirAll(dir, 0o755)
}

func (r *Runner) substitutions(abs, tmpDir string) map[string]string {
	dir := filepath.Dir(abs)
	m := map[string]string{
		"%s": abs,
		"%S": dir,
		"%p": dir,
		"%t": filepath.Join(tmpDir, filepath.Base(abs)+".tmp"),
		"%T": tmpDir,
		"%%": "%",
	}
	for k, v := range r.Substitutions {
		m[k] = v
	}
	return m
}

// applySubstitutions replaces %-sequences in one left-to-right pass, always
// preferring the longest key, so substituted text is never rescanned.
func applySubstitutions(s string, subst map[string]string) string {
	keys := make([]string, 0, len(subst))
	for k := range subst {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		matched := false
		for _, k := range keys {
			if strings.HasPrefix(s[i:], k) {
				// Avoid splitting a longer identifier: "%target" is not
				// "%t" followed by "arget".
				end := i + len(k)
				if isIdent(k[len(k)-1]) && end < len(s) && isIdent(s[end]) && len(k) > 2 {
					continue
				}
				b.WriteString(subst[k])
				i = end
				matched = true
				break
			}
		}
		if !matched {
			// Like lit, leave unknown %-sequences alone (e.g. "-D#%x,N=1").
			b.WriteByte('%')
			i++
		}
	}
	return b.String()
}

func isIdent(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// runCommand parses and executes one substituted RUN command.
func (r *Runner) runCommand(cmd *Command, testPath, cwd string) {
	sc, err := parseScript(cmd.Text)
	if err != nil {
		cmd.Err, cmd.ExitCode = err, 1
		return
	}
	var stdout, stderr bytes.Buffer
	status := 0
	for i, pl := range sc.pipes {
		if i > 0 {
			switch op := sc.ops[i-1]; {
			case op == "&&" && status != 0, op == "||" && status == 0:
				continue
			}
		}
		status, err = r.runPipeline(cmd, pl, testPath, cwd, &stdout, &stderr)
		if err != nil {
			cmd.Err = err
			status = max(status, 1)
			break
		}
	}
	cmd.ExitCode = status
	cmd.Stdout, cmd.Stderr = stdout.String(), stderr.String()
}

// runPipeline runs the stages sequentially, feeding each stage's buffered
// stdout to the next. As with lit's pipefail default, the status is that of
// the last stage that failed (or 0).
func (r *Runner) runPipeline(cmd *Command, pl *pipeline, testPath, cwd string, stdout, stderr io.Writer) (int, error) {
	var input []byte
	status := 0
	for i, c := range pl.cmds {
		var out bytes.Buffer
		var errBuf bytes.Buffer
		stageOut := io.Writer(&out)
		if i == len(pl.cmds)-1 {
			stageOut = stdout
		}
		stage := Stage{Args: c.args}
		code, err := r.runSimple(c, input, stageOut, &errBuf, cwd, testPath, &stage)
		stage.ExitCode, stage.Stderr = code, errBuf.String()
		cmd.Stages = append(cmd.Stages, stage)
		io.WriteString(stderr, stage.Stderr)
		if err != nil {
			return 1, err
		}
		if code != 0 {
			status = code
		}
		input = out.Bytes()
	}
	return status, nil
}

// runSimple applies redirections and runs one command.
func (r *Runner) runSimple(c *command, input []byte, stdout, stderr io.Writer, cwd, testPath string, stage *Stage) (int, error) {
	stdin := input
	outW, errW := stdout, stderr
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for _, rd := range c.redirs {
		switch rd.op {
		case "<":
			data, err := os.ReadFile(resolve(cwd, rd.target))
			if err != nil {
				return 1, fmt.Errorf("redirect: %v", err)
			}
			stdin = data
		case ">", ">>":
			flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
			if rd.op == ">>" {
				flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
			}
			var w io.Writer
			if rd.target == "/dev/null" {
				w = io.Discard
			} else {
				f, err := os.OpenFile(resolve(cwd, rd.target), flags, 0o644)
				if err != nil {
					return 1, fmt.Errorf("redirect: %v", err)
				}
				files = append(files, f)
				w = f
			}
			if rd.fd == 2 {
				errW = w
			} else {
				outW = w
			}
		case ">&":
			if rd.fd == 2 && rd.target == "1" {
				errW = outW
			} else if rd.fd == 1 && rd.target == "2" {
				outW = errW
			}
		}
	}
	return r.exec(c.args, stdin, outW, errW, cwd, testPath, stage)
}

func resolve(cwd, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(cwd, p)
}

// exec runs a command with its arguments.
func (r *Runner) exec(args []string, stdin []byte, stdout, stderr io.Writer, cwd, testPath string, stage *Stage) (int, error) {
	name := args[0]
	if name == "not" {
		if len(args) > 1 && args[1] == "--crash" {
			return 1, fmt.Errorf("'not --crash' is not supported")
		}
		if len(args) == 1 {
			return 1, fmt.Errorf("'not' requires a command")
		}
		code, err := r.exec(args[1:], stdin, stdout, stderr, cwd, testPath, stage)
		if err != nil {
			return code, err
		}
		if code == 0 {
			return 1, nil
		}
		return 0, nil
	}
	if tool, ok := r.Tools[name]; ok {
		return tool(args[1:], bytes.NewReader(stdin), stdout, stderr), nil
	}
	if name == "FileCheck" {
		code := fileCheckTool(args[1:], bytes.NewReader(stdin), stdout, stderr, cwd)
		if r.CrossCheck {
			if msg, err := r.crossCheck(args[1:], stdin, cwd, code); err != nil {
				stage.CrossCheck = err.Error()
				return code, err
			} else {
				stage.CrossCheck = msg
			}
		}
		return code, nil
	}
	if b, ok := builtins[name]; ok {
		return b(args[1:], stdin, stdout, stderr, cwd), nil
	}
	if !r.AllowExternal {
		return 127, fmt.Errorf("unknown command %q (not a registered tool or builtin; external commands are disabled)", name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return 127, fmt.Errorf("command %q not found: %v", name, err)
	}
	c := exec.Command(path, args[1:]...)
	c.Dir = cwd
	c.Stdin = bytes.NewReader(stdin)
	c.Stdout, c.Stderr = stdout, stderr
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ee.ExitCode() < 0 {
				return 1, fmt.Errorf("%s: %v", name, err) // killed by a signal: a crash
			}
			return ee.ExitCode(), nil
		}
		return 127, fmt.Errorf("%s: %v", name, err)
	}
	return 0, nil
}

// externalFileCheck returns the FileCheck used for cross-checking.
func (r *Runner) externalFileCheck() (string, error) {
	if r.FileCheckPath != "" {
		return r.FileCheckPath, nil
	}
	if p, err := exec.LookPath("FileCheck-19"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/FileCheck-19"); err == nil {
		return "/usr/bin/FileCheck-19", nil
	}
	return "", fmt.Errorf("cross-check: FileCheck-19 not found")
}

// crossCheck runs the external FileCheck and compares verdicts with ours.
func (r *Runner) crossCheck(args []string, stdin []byte, cwd string, ours int) (string, error) {
	bin, err := r.externalFileCheck()
	if err != nil {
		return "", err
	}
	c := exec.Command(bin, args...)
	c.Dir = cwd
	c.Stdin = bytes.NewReader(stdin)
	var errBuf bytes.Buffer
	c.Stderr = &errBuf
	c.Stdout = io.Discard
	theirs := 0
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() < 0 {
			return "", fmt.Errorf("cross-check: running %s: %v", bin, err)
		}
		theirs = ee.ExitCode()
	}
	if (ours == 0) != (theirs == 0) {
		return "", fmt.Errorf("cross-check mismatch: in-process FileCheck exited %d but %s exited %d\n%s", ours, bin, theirs, errBuf.String())
	}
	return fmt.Sprintf("%s agrees (exit %d)", filepath.Base(bin), theirs), nil
}
