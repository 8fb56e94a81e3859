//! Captured work (burn-tensor's `api/graph.rs`): a closure run a few times to warm
//! up, then recorded once as a hardware graph where the backend records them (CUDA
//! graphs), to be replayed without re-issuing each launch; elsewhere replay runs the
//! closure again. The backend calls are the non-generic functions below; the graph
//! handle is stored in fixed-size slots.

use crate::device::Device;
use burn_backend::{Backend, BackendGraph};
use burn_dispatch::Dispatch;
use seam_macros::opaque;

/// How many times [`capture`] runs the closure before recording it.
const WARMUP_RUNS: usize = 3;

// ---- BEGIN BOUNDARY ----
/// A backend's recorded graph (stored in fixed-size slots: its type names the backends).
#[opaque(Send, Sync, off_if(feature = "boundary-off"))]
struct HardwareGraph(BackendGraph<Dispatch>);
// ---- END BOUNDARY ----

/// A closure's work on a device, captured by [`capture`], with its last output.
pub struct Graph<T, F> {
    device: Device,
    output: T,
    closure: F,
    hardware: Option<HardwareGraph>,
}

/// Runs `closure` on `device` to warm up, then records one run as a hardware graph
/// where the backend can (its output is the graph's [`Graph::output`]); where it
/// cannot, the graph replays by running the closure again.
pub fn capture<T, F>(device: &Device, mut closure: F) -> Graph<T, F>
where
    F: FnMut() -> T,
{
    prepare(device);
    for _ in 0..WARMUP_RUNS {
        let output = closure();
        sync(device);
        drop(output);
    }
    let (hardware, output) = match start_capture(device) {
        true => {
            let output = closure();
            (stop_capture(device), output)
        }
        false => (None, closure()),
    };
    Graph { device: device.clone(), output, closure, hardware }
}

impl<T, F> Graph<T, F>
where
    F: FnMut() -> T,
{
    /// Runs the captured work again and returns its output: the recorded graph where
    /// there is one (its output tensors are rewritten in place), else the closure.
    ///
    /// # Safety
    ///
    /// With a hardware graph, every buffer it recorded must still be alive (no tensor
    /// the closure read or wrote dropped since the capture), not used concurrently by
    /// other work on the device, and refreshed or read on the device's stream, as the
    /// backend's `graph_replay` requires.
    pub unsafe fn replay(&mut self) -> &T {
        match &self.hardware {
            // SAFETY: `replay_hardware` requires what the backend's `graph_replay`
            // does; this function's caller promises it (its `# Safety`).
            Some(graph) => unsafe { replay_hardware(&self.device, graph) },
            None => self.output = (self.closure)(),
        }
        &self.output
    }

    /// The output of the last run (capture or replay).
    pub fn output(&self) -> &T {
        &self.output
    }

    /// Whether the work was recorded as a hardware graph (else replay reruns it).
    pub fn is_hardware(&self) -> bool {
        self.hardware.is_some()
    }
}

fn prepare(device: &Device) {
    let _ = Dispatch::graph_prepare(device.as_dispatch());
}

fn sync(device: &Device) {
    let _ = Dispatch::sync(device.as_dispatch());
}

/// Whether recording started (backends without graphs refuse).
fn start_capture(device: &Device) -> bool {
    Dispatch::graph_start_capture(device.as_dispatch()).is_ok()
}

fn stop_capture(device: &Device) -> Option<HardwareGraph> {
    Dispatch::graph_stop_capture(device.as_dispatch()).ok().map(HardwareGraph::from_inner)
}

/// Replays `graph` on `device`.
///
/// # Safety
///
/// As [`Graph::replay`].
unsafe fn replay_hardware(device: &Device, graph: &HardwareGraph) {
    // SAFETY: forwarded from the caller, `Graph::replay`, whose contract is the
    // backend's.
    unsafe { Dispatch::graph_replay(device.as_dispatch(), graph.inner()) }.expect("graph replay should succeed");
}
