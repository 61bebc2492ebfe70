:HL["/_next/static/chunks/208_zfk9mflku.css","style"]
2:[["children",{"s":"__PAGE__","h":160}]]
1:[["children",{"s":"/_not-found","h":96,"c":"$Q2"}]]
0:{"b":"En5bom9c8YSCCrE409cql","t":{"t":{"s":"","h":80,"c":"$Q1"}}}
