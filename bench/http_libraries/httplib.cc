// Minimal cpp-httplib server: its default thread pool, 10 s read timeout.
#include <httplib.h>
int main(int argc, char** argv) {
  httplib::Server s;
  s.set_read_timeout(10, 0);
  s.Get("/hello", [](const httplib::Request&, httplib::Response& r) { r.set_content("hello\n", "text/plain"); });
  s.Post("/echo", [](const httplib::Request& q, httplib::Response& r) {
    unsigned long h = 1469598103934665603UL; for (unsigned char c : q.body) h = (h ^ c) * 1099511628211UL;
    r.set_content(std::to_string(q.body.size()) + " " + std::to_string(h) + "\n", "text/plain"); });
  s.listen("127.0.0.1", atoi(argv[1]));
}
