/* Minimal libh2o-evloop server (one event loop thread): GET /hello, POST /echo. */
#include <h2o.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
static h2o_globalconf_t config; static h2o_context_t ctx; static h2o_accept_ctx_t accept_ctx;
static int on_req(h2o_handler_t *self, h2o_req_t *req) {
  static h2o_generator_t gen = {NULL, NULL};
  char buf[64]; unsigned long h = 1469598103934665603UL;
  for (size_t i = 0; i < req->entity.len; ++i) h = (h ^ (unsigned char)req->entity.base[i]) * 1099511628211UL;
  int n = h2o_memis(req->path.base, req->path.len, H2O_STRLIT("/hello")) ? snprintf(buf, sizeof buf, "hello\n")
        : snprintf(buf, sizeof buf, "%zu %lu\n", req->entity.len, h);
  h2o_iovec_t body = h2o_strdup(&req->pool, buf, n);
  req->res.status = 200; req->res.reason = "OK";
  h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CONTENT_TYPE, NULL, H2O_STRLIT("text/plain"));
  h2o_start_response(req, &gen); h2o_send(req, &body, 1, H2O_SEND_STATE_FINAL);
  return 0;
}
static void on_accept(h2o_socket_t *listener, const char *err) {
  if (err) return; h2o_socket_t *sock = h2o_evloop_socket_accept(listener); if (sock) h2o_accept(&accept_ctx, sock);
}
int main(int argc, char **argv) {
  h2o_config_init(&config);
  h2o_hostconf_t *host = h2o_config_register_host(&config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
  h2o_pathconf_t *path = h2o_config_register_path(host, "/", 0);
  h2o_handler_t *handler = h2o_create_handler(path, sizeof(*handler)); handler->on_req = on_req;
  h2o_evloop_t *loop = h2o_evloop_create(); h2o_context_init(&ctx, loop, &config);
  accept_ctx.ctx = &ctx; accept_ctx.hosts = config.hosts;
  struct sockaddr_in addr; memset(&addr, 0, sizeof addr); addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(0x7f000001); addr.sin_port = htons(atoi(argv[1]));
  int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1; setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(fd, (struct sockaddr *)&addr, sizeof addr) || listen(fd, 4096)) return 1;
  h2o_socket_t *sock = h2o_evloop_socket_create(loop, fd, H2O_SOCKET_FLAG_DONT_READ);
  h2o_socket_read_start(sock, on_accept);
  while (h2o_evloop_run(loop, INT32_MAX) == 0) {}
  return 0;
}
