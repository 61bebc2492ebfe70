module.exports=[42568,s=>{"use strict";s.s([])}];

//# sourceMappingURL=_next-internal_server_app_api_v1_submissions_%5Bid%5D_route_actions_1odf14xjrsuyg.js.map