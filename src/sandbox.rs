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
//!   folder covers hog's own folder ([`crate::secret`]), so that the
//!   program can neither read the user's secret key nor write hog's cache
//!   there;
//! * resource limits: CPU seconds, address space, file size, no core dumps,
//!   and no new processes (`RLIMIT_NPROC` 0; the kernel exempts root).
//!
//! Where no PID namespace can be made (some containers forbid namespaces),
//! the program runs without one, and [`Sandboxed::pid_namespace`] says so:
//! it can then signal hog, and a process it starts that leaves the group
//! outlives it (only as root, whom `RLIMIT_NPROC` does not stop).

use std::ffi::CString;
use std::io::Read;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
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
    /// Starts `command` confined, with `cpu_seconds` of CPU time.
    pub fn spawn(command: &mut Command, cpu_seconds: u64) -> Result<Sandboxed> {
        let (mut status, status_sent) = std::io::pipe().context("cannot make a pipe")?;
        let fd = status_sent.as_raw_fd();
        let hog = rustix::process::getpid();
        // Made now, so that the child has a folder to cover.
        let cover = crate::secret::made_folder()
            .ok()
            .and_then(|folder| CString::new(folder.as_os_str().as_bytes()).ok());
        // SAFETY: `confine` runs in the forked child before exec; it makes
        // only system calls (no allocation, no locks), as `pre_exec` requires.
        unsafe {
            command.pre_exec(move || confine(hog, cpu_seconds, fd, cover.as_deref()));
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
/// folder, covered), limits; reports what it managed on `status`.
fn confine(
    hog: Pid,
    cpu_seconds: u64,
    status: i32,
    cover: Option<&std::ffi::CStr>,
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
        // Where it fails, the program can read the key (docs say so).
        cover.map(cover_folder);
    }
    // Set after the namespaces, whose new credentials could clear it.
    rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
    // hog may have died before the line above: the child is then init's.
    if rustix::process::getppid() != Some(hog) {
        return Err(std::io::Error::other("hog has ended"));
    }
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
