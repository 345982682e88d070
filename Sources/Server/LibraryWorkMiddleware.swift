import Engine
import Hummingbird

/// Runs every request to the library's API (`/api/…`) on the library's own threads (`WorkerPool.library`):
/// their SQLite reads and writes, file and audio decoding and answers being encoded never take a thread of
/// Swift's shared pool, where `/live`'s connections and the frame ticker's hand-out run, nor the engine's.
struct LibraryWorkMiddleware<Context: RequestContext>: RouterMiddleware {
    let pool: WorkerPool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        return try await withTaskExecutorPreference(pool) { try await next(request, context) }
    }
}
