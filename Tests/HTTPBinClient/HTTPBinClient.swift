// The httpbin client is generated from httpbin.api in this folder by CourierBuildPlugin.
