//! A child process for untrusted code (a student's Python strategy),
//! confined as far as the system allows, and what was contained.
//!
//! Set up in the child between fork and exec ([`confine`]):
//!
//! * a session and process group of its own (`setsid`): no controlling
//!   terminal, and hog ends the whole group when it is done with it, on a
//!   timeout, and on SIGINT, SIGTERM or SIGHUP ([`crate::files`]);
//! * death with hog: the kernel sends the child SIGKILL when the thread of
//!   hog that started it ends (`PR_SET_PDEATHSIG`), so a hog killed by
//!   SIGKILL, or an interpreter that loaded hog's Python package and was
//!   killed, leaves nothing running. The thread that spawns a [`Sandboxed`]
//!   waits for it (every caller does), so the signal never comes early;
//! * a new PID namespace where the kernel allows it (inside a new user
//!   namespace, or directly for root): the child forks once more, and its
//!   child, the namespace's first process, runs the program. Nothing inside
//!   can name a process outside (hog included), so it can signal none of
//!   them, and when the program ends, or the child that waits for it is
//!   killed, the kernel kills every process left in the namespace (one that
//!   left the process group too);
//! * a new network namespace (no network) where allowed;
//! * a new mount namespace where allowed, in which an empty read-only
//!   folder covers hog's own folder ([`crate::secret`]): behind the weaker
//!   wall (below), what keeps the user's secret key and hog's cache from
//!   the program;
//! * resource limits: CPU seconds, address space, file size, no core dumps,
//!   and no new processes (`RLIMIT_NPROC` 0; the kernel exempts root);
//! * no descriptor but stdin, stdout and stderr: every one from 3 up is
//!   closed on exec ([`close_on_exec_from_3`]);
//! * the wall (`wall.rs`), last: an allow list the kernel keeps. Landlock
//!   lets the program read and execute the Python runtime and read and
//!   write its own folder, and nothing else, whatever hog's folder is
//!   called or however else it is reached; a seccomp filter refuses
//!   sockets, io_uring and keyrings. Where the kernel lacks them, hog says
//!   so once and the program runs behind the weaker wall of the points
//!   above, which a contest accepts only when told
//!   ([`refuse_weaker`]).
//!
//! What enters the sandbox enters through one door, [`read_entering`]:
//! regular files only, no link followed, nothing from `/proc`, never hog's
//! key; and the program gets an environment of its own, nothing of hog's
//! ([`python3`]).
//!
//! Where no PID namespace can be made (some containers forbid namespaces),
//! the program runs without one, and [`Sandboxed::pid_namespace`] says so:
//! it can then signal hog, and a process it starts that leaves the group
//! outlives it (only as root, whom `RLIMIT_NPROC` does not stop).

pub mod python;
mod runtime;
mod wall;

pub use wall::refuse_weaker;

use std::ffi::{CString, OsStr, OsString};
use std::io::Read;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};

use anyhow::{Context, Result};
use rustix::process::{Pid, Resource, Rlimit, Signal};
use rustix::thread::UnshareFlags;

use crate::files::{spawn_group, Registered};

/// The address space the program may use.
const MEMORY: u64 = 2 << 30;
/// The largest file the program may write.
const FILE_SIZE: u64 = 64 << 20;

/// What [`confine`] sends the parent when it made a PID namespace.
const PID_NAMESPACE: u8 = 1;

/// A confined child and its process group, ended (SIGKILL) when dropped.
pub struct Sandboxed {
    /// The process hog waits for: the program, or in a PID namespace the
    /// child that waits for it and exits as it did.
    pub child: Child,
    group: Pid,
    /// The program runs in a PID namespace of its own.
    pub pid_namespace: bool,
    registered: Option<Registered>,
}

impl Sandboxed {
    /// Starts `command` confined, behind the wall with `folder` its own
    /// ([`wall`]), with `cpu_seconds` of CPU time.
    pub fn spawn(command: &mut Command, folder: &Path, cpu_seconds: u64) -> Result<Sandboxed> {
        let (mut status, status_sent) = std::io::pipe().context("cannot make a pipe")?;
        let fd = status_sent.as_raw_fd();
        let hog = rustix::process::getpid();
        // Made now, so that the child has a folder to cover.
        let cover = crate::secret::made_folder()
            .ok()
            .and_then(|folder| folder.canonicalize().ok())
            .and_then(|folder| CString::new(folder.as_os_str().as_bytes()).ok());
        let wall = wall::Wall::around(folder)?;
        // SAFETY: `confine` runs in the forked child before exec; it makes
        // only system calls on what was made here (no allocation, no
        // locks), as `pre_exec` requires.
        unsafe {
            command.pre_exec(move || confine(hog, cpu_seconds, fd, cover.as_deref(), &wall));
        }
        let (child, registered) = spawn_group(command)?;
        drop(status_sent);
        // Written before exec, which spawn waited for.
        let mut contained = [0u8];
        let pid_namespace =
            status.read(&mut contained).is_ok_and(|n| n == 1) && contained[0] == PID_NAMESPACE;
        Ok(Sandboxed {
            group: Pid::from_child(&child),
            child,
            pid_namespace,
            registered: Some(registered),
        })
    }

    /// Sends `signal` to the process group.
    pub fn signal(&self, signal: Signal) {
        rustix::process::kill_process_group(self.group, signal).ok();
    }

    /// Ends the process group and reaps the child.
    pub fn end(&mut self) {
        self.signal(Signal::KILL);
        self.registered = None;
        self.child.wait().ok();
    }
}

impl Drop for Sandboxed {
    fn drop(&mut self) {
        if self.registered.is_some() {
            self.end();
        }
    }
}

/// In the child of `hog`, before exec: death with hog's thread, a session
/// of its own, namespaces where the kernel allows them (with `cover`, hog's
/// folder, covered), limits, no descriptor but its pipes, and the `wall`;
/// reports what it managed on `status`.
fn confine(
    hog: Pid,
    cpu_seconds: u64,
    status: i32,
    cover: Option<&std::ffi::CStr>,
    wall: &wall::Wall,
) -> std::io::Result<()> {
    rustix::process::setsid()?;
    limit(Resource::Cpu, cpu_seconds, cpu_seconds + 1)?;
    limit(Resource::As, MEMORY, MEMORY)?;
    limit(Resource::Fsize, FILE_SIZE, FILE_SIZE)?;
    limit(Resource::Core, 0, 0)?;
    // An unprivileged user may make namespaces inside a new user namespace;
    // root may make them directly; a container may forbid both.
    // SAFETY: the child has one thread, so no other thread shares its tables.
    let unshare = |flags| unsafe { rustix::thread::unshare_unsafe(flags) }.is_ok();
    let (user, pid, net, mount) = (
        UnshareFlags::NEWUSER,
        UnshareFlags::NEWPID,
        UnshareFlags::NEWNET,
        UnshareFlags::NEWNS,
    );
    let made = [
        user | pid | net | mount,
        pid | net | mount,
        user | pid | net,
        pid | net,
        user | net,
        net,
        pid,
    ]
    .into_iter()
    .find(|&flags| unshare(flags));
    let pid_namespace = made.is_some_and(|f| f.contains(pid));
    if made.is_some_and(|f| f.contains(mount)) {
        // Where it fails, only the wall keeps the key from the program;
        // behind the weaker wall it can read it (the guide says so).
        cover.map(cover_folder);
    }
    // Set after the namespaces, whose new credentials could clear it.
    rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
    // hog may have died before the line above: the child is then init's.
    if rustix::process::getppid() != Some(hog) {
        return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
    }
    close_on_exec_from_3()?;
    wall.apply()?;
    let byte = if pid_namespace { PID_NAMESPACE } else { 0 };
    // SAFETY: the parent keeps the pipe open until spawn returns.
    rustix::io::write(unsafe { BorrowedFd::borrow_raw(status) }, &[byte])?;
    if pid_namespace {
        // SAFETY: the child has one thread; both sides make only system calls.
        match unsafe { libc::fork() } {
            -1 => return Err(std::io::Error::last_os_error()),
            // The namespace's first process: it dies with its parent.
            0 => rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?,
            program => wait_and_exit_as(program),
        }
    }
    limit(Resource::Nproc, 0, 0)
}

/// Marks every descriptor from 3 up close-on-exec, so that the program
/// gets none that hog inherited (a file of the user's, a CI runner's or
/// make's pipes): only its stdin, stdout and stderr. spawn's own pipe,
/// and the status pipe, are close-on-exec already.
fn close_on_exec_from_3() -> std::io::Result<()> {
    // SAFETY: close_range(2) with CLOSE_RANGE_CLOEXEC changes flags only.
    let all = unsafe {
        libc::syscall(
            libc::SYS_close_range,
            3,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        )
    };
    if all == 0 {
        return Ok(());
    }
    // Before Linux 5.11: every descriptor below the limit, one by one.
    let limit = rustix::process::getrlimit(Resource::Nofile)
        .current
        .map_or(1 << 20, |limit| limit.min(1 << 20));
    for fd in 3..i32::try_from(limit).unwrap_or(i32::MAX) {
        // SAFETY: fcntl(2) on a descriptor number; a closed one fails.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 && libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
    }
    Ok(())
}

/// In a new mount namespace: makes every mount private to it (nothing
/// done here reaches the system's), then mounts an empty read-only tmpfs
/// on `folder`. Whether it did.
fn cover_folder(folder: &std::ffi::CStr) -> bool {
    let private = libc::MS_REC | libc::MS_PRIVATE;
    let empty = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    // SAFETY: mount(2) with C strings that outlive the calls.
    unsafe {
        libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            private,
            std::ptr::null(),
        ) == 0
            && libc::mount(
                c"tmpfs".as_ptr(),
                folder.as_ptr(),
                c"tmpfs".as_ptr(),
                empty,
                c"size=4k".as_ptr().cast(),
            ) == 0
    }
}

/// The child between hog and the program in a PID namespace: waits for the
/// program and exits as it did (a signal that killed it kills this one).
fn wait_and_exit_as(program: libc::pid_t) -> ! {
    // SAFETY: close_range, signal dispositions, waitpid, kill and _exit
    // are system calls.
    unsafe {
        // hog asks the program for its state with SIGUSR1 to the group, and
        // hog's own signal handlers (which this copy of hog inherited, and
        // which write to hog's pipes) are no business of this process.
        libc::signal(libc::SIGUSR1, libc::SIG_IGN);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGCHLD] {
            libc::signal(signal, libc::SIG_DFL);
        }
        // No pipe stays open for this process: the program's output ends
        // when the program does, and spawn's own pipe (which tells it that
        // exec happened) when the program is exec'd.
        if libc::syscall(libc::SYS_close_range, 0, libc::c_uint::MAX, 0) != 0 {
            (0..1024).for_each(|fd| {
                libc::close(fd);
            });
        }
        let mut status = 0;
        while libc::waitpid(program, &mut status, 0) == -1 {
            if std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                libc::_exit(126);
            }
        }
        if libc::WIFSIGNALED(status) {
            let signal = libc::WTERMSIG(status);
            libc::signal(signal, libc::SIG_DFL);
            libc::kill(libc::getpid(), signal);
            libc::_exit(128 + signal);
        }
        libc::_exit(libc::WEXITSTATUS(status))
    }
}

/// Lowers a resource limit (never raises it above the current hard limit).
fn limit(resource: Resource, soft: u64, hard: u64) -> std::io::Result<()> {
    let old = rustix::process::getrlimit(resource);
    let cap = |v: u64| Some(old.maximum.map_or(v, |m| m.min(v)));
    rustix::process::setrlimit(
        resource,
        Rlimit {
            current: cap(soft),
            maximum: cap(hard),
        },
    )?;
    Ok(())
}

/// Files on their way into a sandbox's folder: each name (one path
/// component) and the bytes read through [`read_entering`], so what the
/// sandbox holds is what was read, whenever it is written there.
#[derive(Clone, Default)]
pub struct Files {
    files: Vec<(OsString, Vec<u8>)>,
}

impl Files {
    /// Adds `name` with `bytes`.
    pub fn push(&mut self, name: OsString, bytes: Vec<u8>) {
        self.files.push((name, bytes));
    }

    /// The bytes of the file `name`, if it is among them.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, bytes)| bytes)
    }

    /// Every file's name and bytes.
    pub fn iter(&self) -> impl Iterator<Item = (&OsStr, &[u8])> {
        self.files
            .iter()
            .map(|(n, b)| (n.as_os_str(), b.as_slice()))
    }

    /// Writes every file into `folder` (the sandbox's own, new folder).
    pub fn write_into(&self, folder: &Path) -> std::io::Result<()> {
        for (name, bytes) in &self.files {
            std::fs::write(folder.join(name), bytes)?;
        }
        Ok(())
    }
}

/// The one door into a sandbox: the bytes of `path`, if it may enter, or
/// why not (a phrase to follow the file's name). It may when it is a
/// regular file that is no symbolic link (opened with `O_NOFOLLOW`, so no
/// link leads elsewhere: to `/proc`, to hog's key, out of the folder), is
/// not on procfs, is not hog's key under another name (a hard link: the
/// same device and inode), and holds at most `cap` bytes (read no
/// further). Opened without blocking: a FIFO put in its place cannot hang
/// hog.
pub fn read_entering(path: &Path, cap: u64) -> std::result::Result<Vec<u8>, String> {
    let file = crate::files::open_unfollowed(path);
    let file = match file {
        Ok(file) => file,
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
            return Err("is a symbolic link (hog copies no link into its sandbox)".into())
        }
        Err(e) => return Err(format!("cannot be read ({e})")),
    };
    let metadata = file
        .metadata()
        .map_err(|e| format!("cannot be read ({e})"))?;
    if !metadata.is_file() {
        return Err(format!(
            "is {}, not a regular file",
            crate::files::kind(&metadata)
        ));
    }
    if rustix::fs::fstatfs(&file).is_ok_and(|fs| fs.f_type == rustix::fs::PROC_SUPER_MAGIC) {
        return Err("is a file of /proc".into());
    }
    if crate::secret::is_key(&metadata) {
        return Err("is hog's secret key (a hard link to it)".into());
    }
    let mut bytes = vec![];
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot be read ({e})"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("is larger than {}", crate::files::size_words(cap)));
    }
    Ok(bytes)
}

/// python3 as the sandbox runs it: `python3 -I -B` (isolated: no user
/// site-packages, no current folder on the module path, `PYTHON*`
/// variables ignored; no `__pycache__` written), the interpreter that
/// `python3` on hog's `PATH` runs ([`runtime`]), in `folder` with a fixed
/// environment of its own: `PATH` the system's folders, `LANG` and
/// `LC_ALL` `C.UTF-8`, and `HOME` and `TMPDIR` the folder. Nothing of
/// hog's own environment reaches it; stdin is closed.
pub fn python3(folder: &Path) -> Command {
    let mut command = Command::new(&runtime::runtime().interpreter);
    command
        .args(["-I", "-B"])
        .current_dir(folder)
        .env_clear()
        .env("PATH", runtime::SYSTEM_PATH)
        .env("LANG", "C.UTF-8")
        .env("LC_ALL", "C.UTF-8")
        .env("HOME", folder)
        .env("TMPDIR", folder)
        .stdin(std::process::Stdio::null());
    command
}
