// Minimal libmicrohttpd server: epoll, thread pool of 2, 10 s inactivity timeout.
#include <microhttpd.h>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
struct Req { std::string body; };
static MHD_Result Handle(void*, MHD_Connection* c, const char* url, const char* method, const char*,
                         const char* data, size_t* size, void** ctx) {
  if (*ctx == nullptr) { *ctx = new Req; return MHD_YES; }
  Req* r = static_cast<Req*>(*ctx);
  if (*size) { r->body.append(data, *size); *size = 0; return MHD_YES; }
  std::string out;
  if (strcmp(url, "/hello") == 0) out = "hello\n";
  else { unsigned long h = 1469598103934665603UL; for (unsigned char ch : r->body) h = (h ^ ch) * 1099511628211UL;
    out = std::to_string(r->body.size()) + " " + std::to_string(h) + "\n"; }
  MHD_Response* res = MHD_create_response_from_buffer(out.size(), out.data(), MHD_RESPMEM_MUST_COPY);
  MHD_add_response_header(res, "Content-Type", "text/plain");
  MHD_Result ok = MHD_queue_response(c, 200, res); MHD_destroy_response(res); return ok;
}
static void Done(void*, MHD_Connection*, void** ctx, MHD_RequestTerminationCode) { delete static_cast<Req*>(*ctx); *ctx = nullptr; }
int main(int argc, char** argv) {
  MHD_Daemon* d = MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG, atoi(argv[1]), nullptr, nullptr,
      &Handle, nullptr, MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_CONNECTION_TIMEOUT, 10u,
      MHD_OPTION_CONNECTION_LIMIT, 4000u, MHD_OPTION_NOTIFY_COMPLETED, &Done, nullptr, MHD_OPTION_END);
  if (!d) return 1;
  pause();
}
