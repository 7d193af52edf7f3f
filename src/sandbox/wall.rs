//! The wall around a sandboxed program: a list of what it may touch, which
//! the kernel keeps. Everything else is out of reach, whatever it is called
//! and by whichever path (hog's key under any cache folder, a bind mount of
//! it, `/proc/PID/root/...`).
//!
//! * **Landlock** (ABI 3 or later: Linux 6.2): the program may read and
//!   execute the Python runtime ([`super::runtime`]); read and write its
//!   own folder (make, remove, rename and truncate files and folders there;
//!   execute nothing there, make no device, FIFO, socket or link); write
//!   `/dev/null` and read `/dev/null`, `/dev/random` and `/dev/urandom`;
//!   and open no other file. Where the kernel has Landlock's scopes (ABI 6:
//!   Linux 6.12), it may also signal no process outside its sandbox, and
//!   reach no abstract unix socket.
//! * **A seccomp filter**: no socket (`socket`, `socketpair`: so no unix
//!   socket bound to a path, which Landlock does not cover, and no
//!   network), no io_uring (whose operations seccomp never sees), no kernel
//!   keyring (`keyctl`, `add_key`, `request_key`); each fails with EPERM.
//!
//! Both are built in hog before the fork; the child only applies them,
//! with three system calls ([`Wall::apply`]): no allocation, no lock.
//! Where the kernel lacks either, the program runs behind the weaker wall
//! (namespaces, the cover over hog's folder, limits) and hog says so once,
//! on stderr ([`weaker`]); a contest then runs no Python entry unless the
//! user accepts that ([`refuse_weaker`]).

use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;
use std::sync::{Once, OnceLock};

use anyhow::{bail, Context, Result};
use landlock::{
    make_bitflags, path_beneath_rules, Access, AccessFs, CompatLevel, Compatible, Ruleset,
    RulesetAttr, RulesetCreated, RulesetCreatedAttr, Scope, ABI,
};
use seccompiler::{BpfProgram, SeccompAction, SeccompFilter};

/// landlock_create_ruleset(2)'s flag that asks for the ABI version.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;

/// The Landlock ABI the wall needs: file access, with truncation (ABI 3).
const NEEDED: ABI = ABI::V3;

/// The system calls the filter refuses (see the module's head).
const REFUSED: [libc::c_long; 8] = [
    libc::SYS_socket,
    libc::SYS_socketpair,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
];

/// The wall, ready to apply: Landlock's ruleset and the seccomp program
/// (None where the system lacks one: the weaker wall).
pub struct Wall {
    ruleset: Option<OwnedFd>,
    filter: Option<BpfProgram>,
}

impl Wall {
    /// The wall around a program whose own folder is `folder`; on a system
    /// without the whole wall, what it has, and the note said once.
    pub fn around(folder: &Path) -> Result<Wall> {
        if let Some(reason) = weaker() {
            static NOTE: Once = Once::new();
            NOTE.call_once(|| {
                let _ = writeln!(std::io::stderr(), "note: {reason}");
            });
        }
        let ruleset = match handled() {
            Ok(_) => Some(ruleset(folder).context("cannot build the sandbox's wall (Landlock)")?),
            Err(_) => None,
        };
        Ok(Wall {
            ruleset: ruleset.and_then(Option::<OwnedFd>::from),
            filter: filter().ok().filter(|_| seccomp_filters()),
        })
    }

    /// In the child, before exec: forbids new privileges (which Landlock
    /// and seccomp require of an unprivileged process), then restricts the
    /// process to the ruleset and the filter. System calls only.
    pub fn apply(&self) -> std::io::Result<()> {
        let failed = |result: libc::c_long| match result {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        };
        // SAFETY: prctl(2) with integer arguments.
        failed(unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) }.into())?;
        if let Some(ruleset) = &self.ruleset {
            // SAFETY: landlock_restrict_self(2) on a descriptor `self` keeps open.
            failed(unsafe {
                libc::syscall(libc::SYS_landlock_restrict_self, ruleset.as_raw_fd(), 0)
            })?;
        }
        if let Some(filter) = &self.filter {
            let program = libc::sock_fprog {
                len: filter.len() as u16,
                filter: filter.as_ptr().cast_mut().cast(),
            };
            // SAFETY: seccomp(2) reads the program, which `self` keeps, and
            // whose instructions have libc's sock_filter layout.
            failed(unsafe {
                libc::syscall(
                    libc::SYS_seccomp,
                    libc::SECCOMP_SET_MODE_FILTER,
                    0,
                    &raw const program,
                )
            })?;
        }
        Ok(())
    }
}

/// Why this system offers only the weaker wall (a sentence for a note), or
/// None where it offers the whole wall. Asked once.
pub fn weaker() -> Option<&'static str> {
    static WEAKER: OnceLock<Option<String>> = OnceLock::new();
    WEAKER
        .get_or_init(|| {
            let no_landlock = handled().is_err();
            let no_filter = filter().is_err() || !seccomp_filters();
            let lacks = match (no_landlock, no_filter) {
                (false, false) => return None,
                (true, false) => landlock_lacking(),
                (false, true) => "hog has no seccomp filter on this system".to_string(),
                (true, true) => format!("{} and no seccomp filter", landlock_lacking()),
            };
            let open = if no_landlock {
                "neither your files (hog's key among them) nor sockets"
            } else {
                "no socket"
            };
            Some(format!(
                "{lacks}: Python code runs behind hog's weaker wall (namespaces and limits), \
                 which keeps from it {open} (the guide's \"Python strategies\" says what it holds)"
            ))
        })
        .as_deref()
}

/// Refuses to run a contest's Python entries behind the weaker wall unless
/// the user `accepted` it by name.
pub fn refuse_weaker(accepted: bool) -> Result<()> {
    match weaker() {
        Some(reason) if !accepted => bail!(
            "{reason}; a contest runs no Python entry behind it, since an entry could read \
             hog's key and forge the contest cache, or change a classmate's files: give \
             --weaker-sandbox to run them anyway"
        ),
        _ => Ok(()),
    }
}

/// What the kernel lacks of Landlock, in words.
fn landlock_lacking() -> String {
    // SAFETY: landlock_create_ruleset(2) asking for the ABI version only.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    let has = match abi {
        abi if abi > 0 => format!("ABI {abi}"),
        _ => "none".to_string(),
    };
    format!("this kernel offers no Landlock of ABI 3 or later (Linux 6.2; it has {has})")
}

/// A ruleset that handles every file access of [`NEEDED`] (and Landlock's
/// scopes where the kernel has them), with no rule yet: nothing allowed.
fn handled() -> Result<RulesetCreated, landlock::RulesetError> {
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(NEEDED))?
        .set_compatibility(CompatLevel::BestEffort)
        .scope(Scope::Signal | Scope::AbstractUnixSocket)?
        .create()
}

/// The ruleset of a program whose own folder is `folder` (see the module's
/// head).
fn ruleset(folder: &Path) -> Result<RulesetCreated, landlock::RulesetError> {
    let read = AccessFs::from_read(NEEDED);
    let own = make_bitflags!(AccessFs::{
        ReadFile | ReadDir | WriteFile | RemoveFile | RemoveDir | MakeReg | MakeDir
        | Refer | Truncate
    });
    let runtime = &super::runtime::runtime().read;
    handled()?
        .add_rules(path_beneath_rules(runtime, read))?
        .add_rules(path_beneath_rules(
            ["/dev/null"],
            AccessFs::ReadFile | AccessFs::WriteFile,
        ))?
        .add_rules(path_beneath_rules(
            ["/dev/random", "/dev/urandom"],
            AccessFs::ReadFile,
        ))?
        .add_rules(path_beneath_rules([folder], own))
}

/// The seccomp program that refuses [`REFUSED`] with EPERM (on x86-64
/// also under the x32 numbers, which the same architecture check passes).
fn filter() -> Result<BpfProgram, seccompiler::Error> {
    let arch = std::env::consts::ARCH.try_into()?;
    let x32: &[libc::c_long] = if cfg!(target_arch = "x86_64") {
        &[0, 0x4000_0000]
    } else {
        &[0]
    };
    let refused = REFUSED
        .iter()
        .flat_map(|call| x32.iter().map(move |bit| (call | bit, vec![])))
        .collect();
    SeccompFilter::new(
        refused,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )?
    .try_into()
    .map_err(seccompiler::Error::Backend)
}

/// Whether the kernel takes seccomp filters that return an errno.
fn seccomp_filters() -> bool {
    let action: u32 = libc::SECCOMP_RET_ERRNO;
    // SAFETY: seccomp(2) reading one u32 that outlives the call.
    unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_GET_ACTION_AVAIL,
            0,
            &raw const action,
        ) == 0
    }
}
