//! The `hog` binary's allocator: the system's, which ends hog with one
//! `error:` line and exit status 2 where memory runs out, instead of the
//! abort (status 134) that Rust makes of a failed allocation.
//!
//! The commands check what they need before they start
//! ([`check_memory`]: [`hog_solver::memory`]'s estimate, reserved once);
//! the allocator catches the rest. During that check a failed allocation
//! is an answer, not the end: the check runs [`probing`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use hog_solver::memory::{self, Job};
use hog_solver::Model;

thread_local! {
    /// Whether this thread is asking whether memory can be had.
    static PROBING: Cell<bool> = const { Cell::new(false) };
}

/// See the module's documentation.
pub struct Allocator;

// SAFETY: every call is the system allocator's own; a failure returns null
// while probing, and otherwise ends the process without returning.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        allocated(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        allocated(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        allocated(System.realloc(ptr, layout, new_size), new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// Runs `ask` with failed allocations returned as failures (null).
fn probing<T>(ask: impl FnOnce() -> T) -> T {
    PROBING.with(|p| p.set(true));
    let answer = ask();
    PROBING.with(|p| p.set(false));
    answer
}

/// Checks that hog can have the memory `job` needs under `model`
/// ([`memory::check`]); the error names the need.
pub fn check_memory(model: &Model, job: Job) -> hog_solver::Result<()> {
    probing(|| memory::check(model, job))
}

/// `memory`, unless the allocation of `size` bytes failed outside
/// [`probing`]: then one line on stderr, written without allocating, and
/// exit status 2.
fn allocated(memory: *mut u8, size: usize) -> *mut u8 {
    if !memory.is_null() || PROBING.with(Cell::get) {
        return memory;
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = size;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let parts: [&[u8]; 3] = [
        b"error: out of memory: hog could not have ",
        &digits[at..],
        b" bytes more (the machine's memory, or a limit such as ulimit -v); \
          the memory a game takes grows as the goal squared: try a smaller --goal\n",
    ];
    for part in parts {
        // SAFETY: write(2) of a buffer that outlives the call.
        unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
    }
    // SAFETY: _exit(2) ends the process at once: no destructor, no allocation.
    unsafe { libc::_exit(2) }
}
