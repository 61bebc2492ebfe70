module.exports=[32622,s=>{"use strict";s.s([])}];

//# sourceMappingURL=_next-internal_server_app_api_v1_submissions_route_actions_1-gk2_vypcug1.js.map