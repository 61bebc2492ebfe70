module.exports=[64037,s=>{"use strict";s.s([])}];

//# sourceMappingURL=_next-internal_server_app_api_v1_benchmarks_route_actions_18e3bu34s9q9w.js.map